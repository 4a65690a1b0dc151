/** PostgreSQL error codes, the same from pg and the embedded database. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  if (pgError?.code !== "23505") return false;
  return !constraint || pgError.constraint === constraint || (pgError.message ?? "").includes(constraint);
}

/** How long a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const SERVICE_UNAVAILABLE = "The service is briefly unavailable. Please try again in a moment.";

// SQLSTATE classes and codes of a database that is restarting or unreachable: connection
// exceptions (08…), and operator intervention (57P01 admin shutdown, 57P02 crash shutdown,
// 57P03 cannot connect now).
const UNAVAILABLE_CODES = /^(08\w{3}|57P0[123])$/;
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
// node-postgres reports a dropped socket or a pool timeout with a message only.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * The database could not be reached (restarting, down, connection dropped): the request may
 * succeed if retried, so it is a 503 with Retry-After rather than a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const failure = error as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!failure || typeof failure !== "object") return false;
  const code = typeof failure.code === "string" ? failure.code : "";
  if (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
  if (typeof failure.message === "string" && UNAVAILABLE_MESSAGES.test(failure.message)) return true;
  // An AggregateError (every address refused) or a wrapped cause.
  const inner = (failure as { errors?: unknown[] }).errors ?? (failure.cause ? [failure.cause] : []);
  return Array.isArray(inner) && inner.some(isDatabaseUnavailable);
}
