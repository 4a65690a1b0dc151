import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "./singleton.server";

/**
 * Values worked out once per HTTP request and shared by all its loaders. Remix hands each loader
 * its own copy of the Request, so keying on the Request object alone repeats the work (the
 * session and user lookups ran twice per page). The host runs every request in a scope of its
 * own (`runInRequestScope`); outside one (tests calling a loader, the WebSocket hub) the Request
 * object is the key.
 */
const scopes = singleton("request-scope", () => new AsyncLocalStorage<Map<string, unknown>>());
const byRequest = new WeakMap<Request, Map<string, unknown>>();

export function runInRequestScope<T>(work: () => T): T {
  return scopes.run(new Map(), work);
}

export function oncePerRequest<T>(request: Request, key: string, compute: () => T): T {
  const values = valuesOf(request);
  if (!values.has(key)) values.set(key, compute());
  return values.get(key) as T;
}

/** Notes a value for the rest of this request (read back with `oncePerRequest`). */
export function setForRequest(request: Request, key: string, value: unknown): void {
  valuesOf(request).set(key, value);
}

function valuesOf(request: Request): Map<string, unknown> {
  let values = scopes.getStore();
  if (!values) {
    values = byRequest.get(request) ?? new Map();
    byRequest.set(request, values);
  }
  return values;
}
