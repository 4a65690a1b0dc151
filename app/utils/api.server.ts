import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { logger } from "~/logger.server";
import { isId } from "~/utils/ids";
import { asDomainError, DomainError, UnauthorizedError, ValidationError } from "./errors.server";
import { parseOrThrow } from "./validation.server";

/**
 * Wraps a JSON API handler: domain errors become `{ message, errors }` with their status,
 * anything unexpected a logged 500. Every /api resource route goes through here.
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
  return dispatch;
}

/** A route's `{id}` parameter: 400 when it is not a UUID. */
export function requireIdParam(params: Record<string, string | undefined>, name: string): string {
  const value = params[name];
  if (!isId(value)) throw new ValidationError(`Invalid ${name}: expected a UUID.`, { [name]: ["Must be a UUID."] });
  return value;
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
