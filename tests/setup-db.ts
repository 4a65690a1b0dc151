import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest } from "#db/migrate";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { jobSchema, stopJobs } from "~/jobs/queue.server";
import { stopEventBus } from "~/realtime/bus.server";
import { withCatalogueLock } from "./fixtures/catalogue-lock";

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
