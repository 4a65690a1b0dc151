import { sql } from "kysely";
import { vacuumAndAnalyze } from "#db/maintenance";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { logger } from "~/logger.server";
import { defineJob, jobSchema } from "./queue.server";

/**
 * The embedded database (PGlite) has no autovacuum: without this, rows that updates and deletes
 * leave behind are never reclaimed, and the planner keeps the statistics of the last ANALYZE (a
 * catalogue grown from 160 to 10,000 projects would still be planned as 160). Every night, every
 * table of the app and of the job queue is vacuumed and analysed. At 100,000 projects the largest
 * table takes about 2 s, during which other statements wait: hence one table at a time, at night.
 * PostgreSQL does this itself (autovacuum), so there the job does nothing.
 */
export async function maintainEmbeddedDatabase(): Promise<string[]> {
  if (config.DATABASE_URL) return [];
  const started = performance.now();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const tables = await vacuumAndAnalyze(db, [rows[0]!.schema, jobSchema]);
  logger.info({ tables: tables.length, ms: Math.round(performance.now() - started) }, "embedded database maintained");
  return tables;
}

export const maintainEmbeddedDatabaseJob = defineJob(
  "maintain-embedded-database",
  async () => {
    await maintainEmbeddedDatabase();
  },
  { schedule: "17 3 * * *" },
);
