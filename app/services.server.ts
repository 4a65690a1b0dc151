import { sql } from "kysely";
import { migrateToLatest } from "#db/migrate";
import { seedDemoData } from "#db/seed";
import { config } from "./config.server";
import { db } from "./db.server";
import { startJobs, stopJobs } from "./jobs/index.server";
import { logger } from "./logger.server";
import { stopEventBus } from "./realtime/bus.server";
import { keepSharedReads } from "./realtime/kept-reads.server";
import { stopNotificationHub } from "./realtime/hub.server";
import { embedMissingProjects } from "./search/project-vectors.server";

let stopKeepingSharedReads = async () => {};

/** Brings the database up to date at start; an empty embedded database gets the demo data. */
export async function startServices(): Promise<void> {
  const applied = await migrateToLatest(db, config.DATABASE_SCHEMA);
  if (applied.length) logger.info({ migrations: applied }, "database migrated");
  const seed = config.SEED_ON_START ?? !config.DATABASE_URL;
  if (seed) {
    const result = await seedDemoData(db);
    if (result.seeded) logger.info(result, "demo data seeded");
    await embedMissingProjects(db);
  }
  await startJobs();
  stopKeepingSharedReads = await keepSharedReads(db);
  logger.info(
    config.DATABASE_URL ? "using PostgreSQL" : `using the embedded database in ${config.dataDir ?? "memory"}`,
  );
}

export async function checkHealth(): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return false;
  }
}

/**
 * At shutdown. `drain` (the host's) resolves once the requests in flight are answered: the
 * database they use closes only after it.
 */
export async function stopServices(drain: () => Promise<void> = async () => {}): Promise<void> {
  // Sockets first: they are told the server is going away before the bus and database close.
  await stopNotificationHub();
  await drain();
  await stopJobs();
  await stopKeepingSharedReads();
  await stopEventBus();
  await db.destroy();
}
