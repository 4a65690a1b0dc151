import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./db-errors.server";

/**
 * Screens whose loader or action failed because the database could not be reached answer 503
 * with Retry-After (a client or proxy may retry), not 500. Remix reports the error to
 * handleError before it renders the error screen, so the request is remembered in between.
 */
const unavailableRequests = new WeakSet<Request>();

/** True (and remembered) when `error` means the database is unreachable. */
export function noteIfDatabaseUnavailable(request: Request, error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  unavailableRequests.add(request);
  return true;
}

/** The status to answer with: 503 and Retry-After for a request that met an unreachable database. */
export function statusForRequest(request: Request, status: number, headers: Headers): number {
  if (!unavailableRequests.has(request) || status < 500) return status;
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return 503;
}
