/**
 * Typed domain errors. Model functions throw them; they map to HTTP once, here: JSON
 * `{ message, errors }` for the API (see api.server.ts), an error-boundary response for screens.
 */
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, errors?: FieldErrors) {
    super(message, 400, errors);
  }
}

export class UnauthorizedError extends DomainError {
  /** The RFC 6750 error code for the WWW-Authenticate challenge, when a token was presented. */
  constructor(
    message = "Authentication required. Please sign in.",
    readonly bearerError?: "invalid_request" | "invalid_token",
  ) {
    super(message, 401);
  }

  get challenge(): string {
    return this.bearerError ? `Bearer realm="api", error="${this.bearerError}"` : 'Bearer realm="api"';
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "Access denied. You do not have permission to access this resource.") {
    super(message, 403);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = "Not found.") {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

/** For screens: a domain error becomes a thrown Response the error boundary renders. */
export function toErrorResponse(error: DomainError): Response {
  return new Response(error.message, { status: error.status });
}

/** A guard that throws: unless `condition` holds, the error screen shows `message` with `status`. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status?: number } = {},
): asserts condition {
  if (!condition) throw new Response(message, { status: init.status ?? 400 });
}

/**
 * Runs a screen loader's work and maps domain errors once: a model's NotFoundError becomes the
 * 404 screen, a ForbiddenError the 403 screen, and so on. Anything else stays a crash (500).
 */
export async function orErrorScreen<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const domainError = asDomainError(error);
    if (domainError) throw toErrorResponse(domainError);
    throw error;
  }
}

/** A loader or action whose domain errors become error screens (see `orErrorScreen`). */
export function withErrorScreen<Args, Result>(handler: (args: Args) => Promise<Result>) {
  return (args: Args): Promise<Result> => orErrorScreen(handler(args));
}

/**
 * Input the database refused as data (a NUL byte, text too long for its column, a malformed
 * value) is the caller's mistake, a 400; schemas should refuse it first, this is the safety net.
 */
const BAD_INPUT_CODES = new Set(["22021", "22P05", "22001", "22P02", "22003", "22007", "22008"]);

/** The error as a DomainError, if it is one or is the database refusing bad input. */
export function asDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && BAD_INPUT_CODES.has(code)) {
    return new ValidationError("Some of the input could not be stored. Please check it and try again.");
  }
  return null;
}
