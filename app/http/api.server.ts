import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { logger } from "~/logger.server";
import type { CurrentUser } from "~/models/user.server";
import { isId } from "~/utils/ids";
import { isPersonal, PERSONAL_CACHE_CONTROL } from "~/utils/personal.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, SERVICE_UNAVAILABLE } from "~/utils/db-errors.server";
import { asDomainError, DomainError, UnauthorizedError, ValidationError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";

/**
 * Wraps a JSON API handler: domain errors become `{ message, errors }` with their status, an
 * unreachable database a 503 with Retry-After, anything else unexpected a logged 500. Every /api resource route goes through here.
 */
export function apiHandler<Args extends LoaderFunctionArgs>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      const domainError = asDomainError(error);
      if (domainError) {
        const headers =
          domainError instanceof UnauthorizedError ? { "WWW-Authenticate": domainError.challenge } : undefined;
        return Response.json(
          { message: domainError.message, errors: domainError.errors ?? {} },
          { status: domainError.status, headers },
        );
      }
      if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error, url: args.request.url }, "database unavailable");
        return Response.json(
          { message: SERVICE_UNAVAILABLE, errors: {} },
          { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
        );
      }
      logger.error({ err: error, url: args.request.url }, "API error");
      return Response.json({ message: "Server error. Please try again later.", errors: {} }, { status: 500 });
    }
  };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type ApiMethodHandler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

/**
 * A JSON API resource route from one handler per method, serving as both its loader and action:
 * `export const loader = apiRoute({ GET: …, POST: … }); export const action = loader;`
 * (two plain exports, so the client build can strip them).
 * Other methods get 405 with `Allow`; HEAD follows GET; domain errors map as in apiHandler.
 */
export function apiRoute(handlers: Partial<Record<Method, ApiMethodHandler>>) {
  const allowed = Object.keys(handlers) as Method[];
  const dispatch = apiHandler(async (args: LoaderFunctionArgs) => {
    const method = (args.request.method === "HEAD" ? "GET" : args.request.method) as Method;
    const handler = handlers[method];
    if (!handler) return methodNotAllowed(allowed);
    return handler(args);
  });
  const route = async (args: LoaderFunctionArgs): Promise<Response> => {
    const response = await dispatch(args);
    if (!isPersonal(args.request, response.headers)) return response;
    // A thrown redirect or a Response.json may have immutable headers: answer with a copy.
    const personal = new Response(response.body, response);
    personal.headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    return personal;
  };
  // The methods it answers, for the API contract's coverage test (app/api-contract).
  return Object.assign(route, { methods: allowed });
}

/** A route's `{id}` parameter: 400 when it is not a UUID. */
export function requireIdParam(params: Record<string, string | undefined>, name: string): string {
  const value = params[name];
  if (!isId(value)) throw new ValidationError(`Invalid ${name}: expected a UUID.`, { [name]: ["Must be a UUID."] });
  return value;
}

/** What a handler of a signed-in caller works with: the caller, the route's ids, the request. */
export interface SignedInCall<Name extends string> {
  user: CurrentUser;
  ids: Record<Name, string>;
  request: Request;
}

/**
 * A method handler for signed-in callers: 401 without a user, then 400 for any of `idNames`
 * that is not a UUID, before `handler` runs. Rights on the project are the model's to check.
 */
export function signedIn<Name extends string>(
  idNames: readonly Name[],
  handler: (call: SignedInCall<Name>) => Promise<Response>,
): ApiMethodHandler {
  return async ({ request, params }) => {
    const user = await requireApiUser(request);
    const ids = Object.fromEntries(idNames.map((name) => [name, requireIdParam(params, name)]));
    return handler({ user, ids: ids as Record<Name, string>, request });
  };
}

/** 204: done, nothing to send (DELETE). */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** Parses the query string with a zod schema; a bad parameter is a 400 with errors by field. */
export function parseQuery<Schema extends ZodTypeAny>(request: Request, schema: Schema): z.infer<Schema> {
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  return parseOrThrow(schema, raw, "Invalid query parameters.");
}

/** 405 with the methods a route does take. */
export function methodNotAllowed(allowed: string[]): Response {
  return Response.json(
    { message: "Method not allowed.", errors: {} },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}

/**
 * The JSON body of a request; malformed JSON is a 400, an empty body reads as `{}`, and a body
 * sent as anything but JSON is a 415.
 */
export async function readJson(request: Request): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = await request.text();
  if (text.trim() && type && type !== "application/json" && !type.endsWith("+json")) {
    throw new DomainError("The request body must be JSON (Content-Type: application/json).", 415);
  }
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError("The request body is not valid JSON.");
  }
}
