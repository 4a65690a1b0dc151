import { connectDatabase, type DB } from "#db/connection";
import { config } from "./config.server";
import { singleton } from "./utils/singleton.server";

/** The process-wide database (pg pool or embedded PGlite), opened once. */
export const db: DB = singleton("database", () =>
  connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, schema: config.DATABASE_SCHEMA }),
);
