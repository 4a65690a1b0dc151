import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { embedText } from "./embedding.server";
import { LEG_DEPTH, type LegHit, SEARCHABLE_SQL } from "./legs";

/**
 * The semantic leg: entries whose meaning vector is closest to the query's (cosine), so 'tally of
 * nonperishables handed to hungry households' finds a food pantry. With pgvector (PGlite ships
 * it) the HNSW index answers; without it the vectors are compared in plain SQL.
 */
const MIN_SIMILARITY = 0.35;

const pgvectorByDatabase = new WeakMap<object, Promise<boolean>>();

function hasPgvector(db: Kysely<Database>): Promise<boolean> {
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

export async function semanticLeg(
  db: Kysely<Database>,
  query: string,
  depth = LEG_DEPTH,
  queryVector: number[] | null = embedText([{ text: query, weight: 1 }]),
): Promise<LegHit[]> {
  if (!queryVector) return [];
  const searchable = sql.raw(SEARCHABLE_SQL);
  // Ordered by the distance itself, the shape the HNSW index serves.
  const distance = (await hasPgvector(db))
    ? sql<number>`p.embedding::vector(100) <=> ${`[${queryVector.join(",")}]`}::vector(100)`
    : sql<number>`1 - (select sum(a * b) from unnest(p.embedding, ${queryVector}::real[]) as v(a, b))`;
  const { rows } = await sql<{ id: string; distance: number }>`
    select id, distance from (
      select p.id, ${distance} as distance from projects p
      where p.embedding is not null and ${searchable}
      order by ${distance}
      limit ${depth}
    ) nearest
    where distance <= ${1 - MIN_SIMILARITY}
  `.execute(db);
  return rows.map((row) => ({ id: row.id, score: 1 - Number(row.distance), reasons: ["close in meaning"] }));
}
