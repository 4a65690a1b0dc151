import { sql } from "kysely";
import { config } from "../app/config.server";
import { connectDatabase } from "./connection";
import { EmbeddedDatabaseError } from "./data-folder-lock";
import { migrateToLatest } from "./migrate";
import { embedMissingProjects } from "../app/search/project-vectors.server";
import { seedDemoData } from "./seed";

/** `npm run db:migrate | db:seed | db:reset` against the configured database. */
const command = process.argv[2];
const db = connectDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  schema: config.DATABASE_SCHEMA,
});
const schema = config.DATABASE_SCHEMA ?? "public";

try {
  if (command === "reset") {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await sql`create schema ${sql.id(schema)}`.execute(db);
    console.log(`Dropped and recreated schema ${schema}.`);
  }
  if (command === "migrate" || command === "seed" || command === "reset") {
    const applied = await migrateToLatest(db, config.DATABASE_SCHEMA);
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
  }
  if (command === "seed" || command === "reset") {
    const result = await seedDemoData(db);
    await embedMissingProjects(db);
    console.log(result.seeded ? `Seeded demo data (${result.projects} projects).` : "Demo data already present.");
  }
  if (!["migrate", "seed", "reset"].includes(command ?? "")) {
    console.error("Usage: tsx db/cli.ts migrate|seed|reset");
    process.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof EmbeddedDatabaseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
