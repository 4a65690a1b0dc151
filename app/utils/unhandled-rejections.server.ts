import { logger } from "~/logger.server";
import { isDatabaseUnavailable } from "./db-errors.server";

/**
 * A promise nobody awaited has failed. The job queue (pg-boss) records a failed job's outcome
 * without awaiting it, so while the database is down that write's own failure has no handler:
 * expected, and logged as the outage it is. Anything else is a bug, logged loudly (the fault
 * specs fail on it), but never a reason to stop serving everyone.
 */
export function onUnhandledRejection(reason: unknown): void {
  if (isDatabaseUnavailable(reason)) {
    logger.warn({ err: reason }, "background work failed: the database is unavailable");
  } else {
    logger.error({ err: reason }, "unhandled promise rejection");
  }
}
