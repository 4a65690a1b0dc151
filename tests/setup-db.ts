import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest } from "#db/migrate";
import { config } from "~/config.server";
import { db } from "~/db.server";

beforeAll(async () => {
  if (config.DATABASE_SCHEMA) await sql`create schema ${sql.id(config.DATABASE_SCHEMA)}`.execute(db);
  await migrateToLatest(db, config.DATABASE_SCHEMA);
});

afterAll(async () => {
  if (config.DATABASE_SCHEMA) await sql`drop schema ${sql.id(config.DATABASE_SCHEMA)} cascade`.execute(db);
  await db.destroy();
});
