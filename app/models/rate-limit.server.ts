import { sql } from "kysely";
import { db } from "~/db.server";

/**
 * Rate limits with their counters in PostgreSQL, so every app instance counts the same hits
 * (DESIGN: the app server keeps no state). Fixed one-minute windows on the database's clock;
 * one row per key, bumped by a single atomic upsert.
 */
export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window resets (at least 1). */
  retryAfter: number;
}

const WINDOW_SECONDS = 60;
let callsSincePrune = 0;

export async function hitRateLimit(key: string, limit: number): Promise<RateLimitResult> {
  const [result] = await hitRateLimits([key], limit);
  return result!;
}

/**
 * Counts one hit on each key (several buckets of one request: its person and its address) in a
 * single statement; the results come back in the order of `keys`.
 */
export async function hitRateLimits(keys: readonly string[], limit: number): Promise<RateLimitResult[]> {
  // Sorted, so two requests sharing keys lock their rows in the same order (no deadlock).
  const unique = [...new Set(keys)].sort();
  if (unique.length === 0) return [];
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${WINDOW_SECONDS}) * ${WINDOW_SECONDS})`;
  const rows = await sql<{ key: string; hits: number; retry_after: number }>`
    insert into rate_limit_counters as c (key, window_start, hits)
    values ${sql.join(unique.map((key) => sql`(${key}, ${windowStart}, 1)`))}
    on conflict (key) do update set
      hits = case when excluded.window_start > c.window_start then 1 else c.hits + 1 end,
      window_start = greatest(c.window_start, excluded.window_start)
    returning key, hits,
      greatest(1, ceil(${WINDOW_SECONDS} - extract(epoch from now() - window_start)))::int as retry_after
  `
    .execute(db)
    .then((result) => new Map(result.rows.map((row) => [row.key, row])));
  if (++callsSincePrune >= 500) {
    callsSincePrune = 0;
    await pruneRateLimitCounters();
  }
  return keys.map((key) => {
    const row = rows.get(key)!;
    return { allowed: row.hits <= limit, hits: row.hits, retryAfter: row.retry_after };
  });
}

/** Drops counters of windows long gone. */
export async function pruneRateLimitCounters(): Promise<number> {
  const result = await db
    .deleteFrom("rate_limit_counters")
    .where("window_start", "<", sql<Date>`now() - interval '10 minutes'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
