import { type Kysely, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "#db/schema";
import type { Lookup } from "./lookups.server";
import { SEARCHABLE_SQL } from "./legs";
import { wordVectors } from "./word-vectors.server";
import { isStopWord, splitWords } from "./words";

/**
 * What the search reads of each entry the legs found, to reorder them in memory: its words as
 * word-vector rows (the close-words ordering) and its offline meaning vector (the semantic leg
 * within the finds, on a large catalogue without pgvector). Read by primary key, and kept at the
 * catalogue's ranking version, so most searches send no statement for them.
 */
export interface KeptEntry {
  id: string;
  /** The ranking version it was read at. */
  version: number;
  /** The name's and tagline's words, as rows of the word vectors. */
  heading: Int32Array;
  /** The goals', description's, skills', roles' and level's words. */
  prose: Int32Array;
  /**
   * The offline meaning vector; null until the entry is embedded, or while it is not searchable;
   * undefined when not read (only the semantic leg within the finds compares them).
   */
  vector?: Float64Array | null;
}

/**
 * The catalogue's ranking version (migration 0039): it changes whenever an entry's words, vectors,
 * kind or status may have, so entries read at one version hold for every search that reads it.
 */
export function rankingVersionLookup(): Lookup<number> {
  return {
    expression: sql`coalesce((select ranking_version from search_statistics), 0)`,
    read: (value) => Number(value),
  };
}

interface EntryRow {
  id: string;
  name: string;
  tagline: string;
  description: string;
  goals: string[];
  /** Technologies, languages, roles and level, as the search document holds them. */
  skills: string;
  embedding: number[] | null;
}

// Each database's entries, least recently used out first (about 3 KB an entry).
const caches = new WeakMap<Kysely<Database>, LRUCache<string, KeptEntry>>();

function cacheOf(db: Kysely<Database>): LRUCache<string, KeptEntry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache({ max: 5_000 })));
  return cache;
}

function keptEntry(row: EntryRow, version: number, vectors: boolean): KeptEntry {
  const { rows: vocabulary } = wordVectors();
  const rowsOf = (part: string) =>
    Int32Array.from(
      [...new Set(splitWords(part))].flatMap((word) => {
        const vectorRow = isStopWord(word) ? undefined : vocabulary.get(word);
        return vectorRow === undefined ? [] : [vectorRow];
      }),
    );
  return {
    id: row.id,
    version,
    heading: rowsOf(`${row.name} ${row.tagline}`),
    prose: rowsOf(`${row.goals.join(" ")} ${row.description} ${row.skills}`),
    vector: !vectors ? undefined : row.embedding ? Float64Array.from(row.embedding) : null,
  };
}

/**
 * The entries with these ids, in their order (an id no longer there is left out): those kept at
 * `version` from memory, the rest read in one statement. Their vectors only when asked: parsing
 * them was most of reading the entries.
 */
export async function keptEntries(
  db: Kysely<Database>,
  ids: string[],
  version: number,
  { vectors }: { vectors: boolean },
): Promise<KeptEntry[]> {
  const cache = cacheOf(db);
  const found = new Map<string, KeptEntry>();
  for (const id of ids) {
    const entry = cache.get(id);
    if (entry?.version === version && (!vectors || entry.vector !== undefined)) found.set(id, entry);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const { rows } = await sql<EntryRow>`
      select p.id, p.name, p.tagline, p.description, p.goals,
        array_to_string(p.technologies || p.programming_languages, ' ') || ' ' || coalesce(p.difficulty, '') || ' ' ||
          coalesce((select string_agg(r.name, ' ') from project_roles r where r.project_id = p.id), '') as skills,
        ${vectors ? sql`case when ${sql.raw(SEARCHABLE_SQL)} then p.embedding end` : sql`null::real[]`} as embedding
      from projects p where p.id = any(${missing}::uuid[])
    `.execute(db);
    for (const row of rows) found.set(row.id, keptEntry(row, version, vectors));
  }
  for (const entry of found.values()) cache.set(entry.id, entry);
  return ids.flatMap((id) => found.get(id) ?? []);
}
