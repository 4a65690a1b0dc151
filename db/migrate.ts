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

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
