import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { DB } from "./connection";
import * as initial from "./migrations/0001_initial";
import * as achievements from "./migrations/0002_achievements";

/** Forward-only migrations, in order. Add new ones at the end; never edit a released one. */
const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_achievements": achievements,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Migrates to the latest version. With a schema other than public (tests, side-by-side setups),
 * the migration bookkeeping lives in that schema too, so runs in other schemas never collide.
 */
export async function migrateToLatest(db: DB, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
