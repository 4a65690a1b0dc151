import { clientConfig, connectDatabase, type ConnectionOptions, type DB } from "#db/connection";
import { config } from "./config.server";
import { logger } from "./logger.server";
import { singleton } from "./utils/singleton.server";

/** The mark that keeps a hot statement's plan (db/connection.ts), for the models. */
export { keepPlan } from "#db/connection";

const options: ConnectionOptions = {
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  schema: config.DATABASE_SCHEMA,
  onIdleConnectionError: (error) => logger.warn({ err: error }, "database connection dropped; the pool replaces it"),
};

/** The process-wide database (a pg pool on PostgreSQL or on the embedded PGlite's server), opened once. */
export const db: DB = singleton("database", () => connectDatabase(options));

/** Settings for a `pg` client of its own (LISTEN, the job queue): same database, same search_path. */
export const databaseClientConfig = () => clientConfig(options);
