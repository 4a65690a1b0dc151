import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export interface ConnectionOptions {
  /** PostgreSQL connection string; without one the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; omit for an in-memory one (tests). */
  dataDir?: string;
  /** PostgreSQL search_path, so that test runs can each use a schema of their own. */
  schema?: string;
  maxConnections?: number;
}

/** Opens the database: a pg pool when a URL is given, the embedded PGlite otherwise. */
export function connectDatabase(options: ConnectionOptions): DB {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, "pglite");
    fs.mkdirSync(dataPath, { recursive: true });
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(new PGlite(dataPath)) });
}
