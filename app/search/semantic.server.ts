import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { keptUntilPageChange } from "~/realtime/kept-reads.server";
import type { KeptEntry } from "./kept-entries.server";
import { type Lookup, lookUp } from "./lookups.server";
import { embedText } from "./embedding.server";
import { type LegHit, SEARCHABLE_SQL } from "./legs";
import { SEMANTIC_REASON } from "./reasons";
import { EXACT_LIMIT, LEG_DEPTH, SEMANTIC_MIN_SIMILARITY as MIN_SIMILARITY } from "./tuning";

export { EXACT_LIMIT };

/**
 * The semantic leg: entries whose meaning vector is closest to the query's (cosine), so 'tally of
 * nonperishables handed to hungry households' finds a food pantry. With pgvector (PGlite ships
 * it) the HNSW index answers. Without it the vectors are compared in plain SQL, which costs about
 * 20 µs an entry, over every entry while the catalogue is small (EXACT_LIMIT); beyond that only
 * the entries the other legs found are compared (`within`, in memory: semanticWithin), so the leg
 * then reorders by meaning but finds nothing new. Install pgvector where a large catalogue should
 * find paraphrases alone.
 */

export type SemanticMode = "index" | "exact" | "within";

const pgvectorByDatabase = new WeakMap<object, Promise<boolean>>();

export function hasPgvector(db: Kysely<Database>): Promise<boolean> {
  let known = pgvectorByDatabase.get(db);
  if (!known) {
    known = sql<{ present: boolean }>`select exists (select 1 from pg_extension where extname = 'vector') as present`
      .execute(db)
      .then(({ rows }) => Boolean(rows[0]?.present));
    known.catch(() => pgvectorByDatabase.delete(db));
    pgvectorByDatabase.set(db, known);
  }
  return known;
}

/**
 * How the leg can answer on this database now: by index, by comparing every entry, or only within
 * others' finds. The endpoint's vectors (`remote`) have no index: their size is the model's.
 */
export async function semanticMode(db: Kysely<Database>, remote = false): Promise<SemanticMode> {
  if (!remote && (await hasPgvector(db))) return "index";
  return (await documentCountOf(db)()) <= EXACT_LIMIT ? "exact" : "within";
}

// The catalogue's size changes with its projects: kept until one changes, as every search asks.
const documentCounts = new WeakMap<object, () => Promise<number>>();

function documentCountOf(db: Kysely<Database>): () => Promise<number> {
  let count = documentCounts.get(db);
  if (!count) {
    count = keptUntilPageChange(db, async () => {
      const { rows } = await sql<{ documents: number }>`select documents from search_statistics`.execute(db);
      return rows[0]?.documents ?? 0;
    });
    documentCounts.set(db, count);
  }
  return count;
}

export interface SemanticQuery {
  vector: number[];
  depth?: number;
  /** Only these entries (the other legs' finds), for a large catalogue without pgvector. */
  within?: string[];
  /** The vector is the endpoint's (this model's): compare it with the entries' vectors from there. */
  remoteModel?: string;
  /** pgvector is installed: the offline vectors of the whole catalogue are compared by its HNSW index. */
  indexed: boolean;
}

/** The leg as a lookup: the nearest entries, nearest first. */
export function semanticLookup({
  vector,
  depth = LEG_DEPTH,
  within,
  remoteModel,
  indexed,
}: SemanticQuery): Lookup<LegHit[]> {
  const searchable = sql.raw(SEARCHABLE_SQL);
  const onlyWithin = within ? sql`and p.id = any(${within}::uuid[])` : sql``;
  const column = sql.ref(remoteModel ? "p.remote_embedding" : "p.embedding");
  const sameModel = remoteModel ? sql`and p.remote_embedding_model = ${remoteModel}` : sql``;
  // Ordered by the distance itself, the shape the HNSW index serves.
  const distance =
    !within && !remoteModel && indexed
      ? sql<number>`p.embedding::vector(100) <=> ${`[${vector.join(",")}]`}::vector(100)`
      : sql<number>`1 - (select sum(a * b) from unnest(${column}, ${vector}::real[]) as v(a, b))`;
  return {
    expression: sql`(
      select coalesce(json_agg(json_build_array(id, distance) order by distance, id), '[]') from (
        select p.id, ${distance} as distance from projects p
        where ${column} is not null ${sameModel} and ${searchable} ${onlyWithin}
        order by ${distance}
        limit ${depth}
      ) nearest
      where distance <= ${1 - MIN_SIMILARITY}
    )`,
    read: (value) =>
      (value as [string, number][]).map(([id, distance]) => ({
        id,
        score: 1 - Number(distance),
        reasons: [SEMANTIC_REASON],
      })),
  };
}

export async function semanticLeg(
  db: Kysely<Database>,
  query: string,
  depth = LEG_DEPTH,
  queryVector: number[] | null = embedText([{ text: query, weight: 1 }]),
  within?: string[],
  remoteModel?: string,
): Promise<LegHit[]> {
  if (!queryVector || within?.length === 0) return [];
  return lookUp(
    db,
    semanticLookup({ vector: queryVector, depth, within, remoteModel, indexed: await hasPgvector(db) }),
  );
}

/**
 * The leg within the entries the other legs found, compared in memory with their kept offline
 * vectors (no statement): nearest first, as semanticLookup orders them. Entries not yet embedded,
 * or not searchable, have no vector and are left out.
 */
export function semanticWithin(entries: readonly KeptEntry[], queryVector: number[], depth = LEG_DEPTH): LegHit[] {
  const hits: LegHit[] = [];
  for (const { id, vector } of entries) {
    if (!vector) continue;
    let score = 0;
    for (let i = 0; i < vector.length; i++) score += vector[i]! * (queryVector[i] ?? 0);
    hits.push({ id, score, reasons: [SEMANTIC_REASON] });
  }
  return hits
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, depth)
    .filter((hit) => hit.score >= MIN_SIMILARITY);
}
