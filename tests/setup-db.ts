import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest } from "#db/migrate";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { jobSchema, stopJobs } from "~/jobs/queue.server";
import { stopEventBus } from "~/realtime/bus.server";

// On PostgreSQL every test file has a schema of its own in one shared database. Kysely's
// migrator reads the whole catalogue to find its bookkeeping table, and that read fails when
// another file drops its schema at the same moment, so creating, migrating and dropping
// schemas take turns behind one advisory lock. The embedded database needs none of this.
const CATALOGUE_LOCK = 7_311_942;

async function withCatalogueLock(work: () => Promise<void>) {
  if (!config.DATABASE_SCHEMA) return work();
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${CATALOGUE_LOCK})`.execute(connection);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${CATALOGUE_LOCK})`.execute(connection);
    }
  });
}

beforeAll(async () => {
  await withCatalogueLock(async () => {
    if (config.DATABASE_SCHEMA) await sql`create schema ${sql.id(config.DATABASE_SCHEMA)}`.execute(db);
    await migrateToLatest(db, config.DATABASE_SCHEMA);
  });
});

afterAll(async () => {
  await stopJobs();
  await stopEventBus();
  await withCatalogueLock(async () => {
    if (!config.DATABASE_SCHEMA) return;
    await sql`drop schema ${sql.id(config.DATABASE_SCHEMA)} cascade`.execute(db);
    await sql`drop schema if exists ${sql.id(jobSchema)} cascade`.execute(db);
  });
  await db.destroy();
});
