import type { AnyZodObject, ZodEffects, ZodTypeAny } from "zod";

/**
 * One API operation as the contract describes it: what it takes and what it answers. The error
 * statuses its guards cause (401 without a caller, 400 for a bad id, query or body, 413/415 for a
 * body) follow from `access`, `params`, `query` and `body`; `errors` lists the model's own.
 */
export type HttpMethod = "get" | "post" | "put" | "delete";

/** public: no caller needed; optional: a caller changes the answer; user: a signed-in caller; profile: one who finished onboarding. */
export type Access = "public" | "optional" | "user" | "profile";

type QuerySchema = AnyZodObject | ZodEffects<AnyZodObject, unknown, unknown>;

export interface SuccessResponse {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** The body; none for 204. */
  schema?: ZodTypeAny;
  /** A page of a list: the total in X-Total-Count, neighbours in Link. */
  paged?: boolean;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template, e.g. /api/projects/{id}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: AnyZodObject;
  query?: QuerySchema;
  body?: ZodTypeAny;
  /** Body is optional (an empty body reads as `{}`). */
  bodyOptional?: boolean;
  success: SuccessResponse;
  /** Refusals of the model or route beyond the guards' (e.g. 403 for non-members, 404, 409). */
  errors?: readonly ErrorStatus[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502;

/** Statuses any operation may answer with: a crash, or the database briefly unreachable. */
type ServerStatus = 500 | 503;

const ERROR_MEANINGS: Record<ErrorStatus | ServerStatus, string> = {
  400: "Bad request: a malformed id, query parameter or body; `errors` says which field.",
  401: "No valid session cookie or bearer token (see WWW-Authenticate).",
  403: "Signed in but not allowed (or a cross-origin write carrying the session cookie).",
  404: "Nothing with that id.",
  409: "Conflicts with the current state.",
  413: "The body is larger than 100 KB.",
  415: "The body is not JSON.",
  429: "Too many requests; see Retry-After.",
  500: "Unexpected server error.",
  502: "An upstream service (GitHub) failed.",
  503: "The database is briefly unreachable (restarting); retry after Retry-After.",
};

export function errorMeaning(status: ErrorStatus | ServerStatus): string {
  return ERROR_MEANINGS[status];
}

/** Every error status the operation may answer with, from its guards and its own list. */
export function errorStatuses(operation: ApiOperation): (ErrorStatus | ServerStatus)[] {
  const statuses = new Set<ErrorStatus | ServerStatus>(operation.errors ?? []);
  if (operation.access === "user" || operation.access === "profile") statuses.add(401);
  if (operation.access === "profile") statuses.add(403);
  if (operation.params || operation.query || operation.body) statuses.add(400);
  if (operation.method !== "get") {
    // Unsafe methods: the server caps bodies, refuses cross-origin writes with the cookie, and
    // counts every write against RATE_LIMIT_WRITES_PER_MINUTE (http/write-limit.server.ts).
    statuses.add(403);
    statuses.add(413);
    statuses.add(429);
  }
  if (operation.body) {
    statuses.add(400);
    statuses.add(415);
  }
  statuses.add(500);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}
