import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "#db/schema";
import { config } from "~/config.server";
import { pageChangeGeneration } from "~/realtime/kept-reads.server";
import type { FusedHit } from "./fusion";
import { rankingVersionLookup } from "./kept-entries.server";
import { lookUp } from "./lookups.server";

/** A ranking as it was computed, and whether it may be kept (not when a remote vector failed). */
export interface Ranking {
  hits: FusedHit[];
  keepable: boolean;
}

interface KeptRanking {
  /** The catalogue's ranking version (migration 0039) the ranking was computed at. */
  version: string;
  hits: readonly FusedHit[];
}

// Per database (tests run several side by side); least recently used out first.
const shelves = new WeakMap<Kysely<Database>, LRUCache<string, KeptRanking>>();

function shelfOf(db: Kysely<Database>): LRUCache<string, KeptRanking> {
  let shelf = shelves.get(db);
  if (!shelf) shelves.set(db, (shelf = new LRUCache({ max: config.SEARCH_RANKINGS_KEPT })));
  return shelf;
}

/**
 * While this instance hears the page-change notices (every write that moves the ranking version
 * sends one: an insert, delete or update of a project column visitors see), their count is the
 * version and costs no statement; otherwise the database's ranking version is read.
 */
async function rankingVersion(db: Kysely<Database>): Promise<string> {
  const heard = pageChangeGeneration(db);
  if (heard !== null) return `notices:${heard}`;
  return String(await lookUp(db, rankingVersionLookup()));
}

/**
 * The ranking for `key`, kept in memory while the catalogue's ranking version stays the same: the
 * same words over the same catalogue rank the same, so a search asked again (a person's matches,
 * a popular query) costs one small statement instead of the search. The version is read before
 * ranking, so a ranking that raced a write is kept under the older version and never served after it.
 */
export async function keptRanking(
  db: Kysely<Database>,
  key: string,
  rank: () => Promise<Ranking>,
): Promise<readonly FusedHit[]> {
  if (config.SEARCH_RANKINGS_KEPT === 0) return (await rank()).hits;
  const version = await rankingVersion(db);
  const shelf = shelfOf(db);
  const kept = shelf.get(key);
  if (kept?.version === version) return kept.hits;
  const { hits, keepable } = await rank();
  if (keepable) shelf.set(key, { version, hits: Object.freeze(hits) });
  return hits;
}
