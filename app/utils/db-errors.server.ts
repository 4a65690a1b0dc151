/** PostgreSQL error codes, the same from pg and the embedded database. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  if (pgError?.code !== "23505") return false;
  return !constraint || pgError.constraint === constraint || (pgError.message ?? "").includes(constraint);
}
