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
  return new Response(error.message, { status: error.status, statusText: error.message });
}
