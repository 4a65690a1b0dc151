import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { errorMeaning, errorStatuses, type Access, type ApiOperation } from "./operation";
import { API_OPERATIONS } from "./operations";
import { errorBody } from "./responses";
import { z } from "./zod";

/**
 * The OpenAPI 3.1 document of the JSON API, generated from the contract's zod schemas (request
 * schemas are the ones the routes parse with, so the document cannot drift from validation).
 */
const BEARER = "bearerAuth";
const COOKIE = "sessionCookie";

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  // {} first: the call also works with no credentials, only the answer differs.
  optional: [{}, { [BEARER]: [] }, { [COOKIE]: [] }],
  user: [{ [BEARER]: [] }, { [COOKIE]: [] }],
  profile: [{ [BEARER]: [] }, { [COOKIE]: [] }],
};

/** What `profile` access adds to signing in (the security schemes cannot say it). */
const PROFILE_FIRST = "Needs a finished profile (onboarding): 403 before.";

const PAGE_HEADERS = z.object({
  "X-Total-Count": z.string().openapi({ description: "How many items the whole list has." }),
  Link: z.string().openapi({ description: "RFC 8288 links to the first, previous, next and last pages." }),
});

/** A stable operationId: the method and the path's words, e.g. get_api_projects_id. */
export function operationId(operation: Pick<ApiOperation, "method" | "path">): string {
  return `${operation.method}_${operation.path.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}`;
}

function successResponse({ success }: ApiOperation): ResponseConfig {
  if (!success.schema) return { description: success.description };
  return {
    description: success.description,
    headers: success.paged ? PAGE_HEADERS : undefined,
    content: { "application/json": { schema: success.schema } },
  };
}

function errorResponse(status: ReturnType<typeof errorStatuses>[number]): ResponseConfig {
  const headers =
    status === 401
      ? z.object({ "WWW-Authenticate": z.string().openapi({ description: 'Bearer realm="api" and the error.' }) })
      : status === 429 || status === 503
        ? z.object({ "Retry-After": z.string().openapi({ description: "Seconds to wait." }) })
        : undefined;
  return { description: errorMeaning(status), headers, content: { "application/json": { schema: errorBody } } };
}

function register(registry: OpenAPIRegistry, operation: ApiOperation) {
  const responses: Record<string, ResponseConfig> = { [operation.success.status]: successResponse(operation) };
  for (const status of errorStatuses(operation)) responses[status] = errorResponse(status);
  registry.registerPath({
    method: operation.method,
    path: operation.path,
    operationId: operationId(operation),
    tags: [operation.tag],
    summary: operation.summary,
    description:
      [operation.description, operation.access === "profile" ? PROFILE_FIRST : null].filter(Boolean).join(" ") ||
      undefined,
    security: SECURITY[operation.access],
    request: {
      params: operation.params,
      query: operation.query,
      body: operation.body && {
        required: !operation.bodyOptional,
        content: { "application/json": { schema: operation.body } },
      },
    },
    responses,
  });
}

export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenAPIObject {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", BEARER, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An access token from the sign-in provider (audience API_AUDIENCE).",
  });
  registry.registerComponent("securitySchemes", COOKIE, {
    type: "apiKey",
    in: "cookie",
    name: "__session",
    description: "The browser's session after signing in at /login. Writes must come from this origin.",
  });
  for (const operation of operations) register(registry, operation);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Gainers Hub API",
      version: "1.0.0",
      description:
        "The JSON API under /api (product spec section 7). Errors are `{ message, errors }` with errors by field.",
    },
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
  });
}

let cached: OpenAPIObject | undefined;

/** The document, built once per process (it only changes with the code). */
export function openApiDocument(): OpenAPIObject {
  cached ??= buildOpenApiDocument();
  return cached;
}
