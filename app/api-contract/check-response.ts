import { errorStatuses } from "./operation";
import { findOperation } from "./match";
import { API_OPERATIONS } from "./operations";
import { errorBody } from "./responses";
import type { ZodTypeAny } from "zod";

/**
 * Whether an API response is one the contract documents: its status is among the operation's
 * responses, and its body matches that response's schema. Returns what is wrong (empty: it
 * matches). Used by the test suites on every /api response they see.
 */
export function contractProblems(method: string, url: string, status: number, body: string): string[] {
  const { pathname } = new URL(url, "http://localhost");
  const where = `${method} ${pathname} answered ${status}`;
  const found = findOperation(API_OPERATIONS, method, pathname);
  if ("unknownPath" in found) {
    // An address no route claims is a JSON 404 (routes/api/not-found.ts), whatever the method.
    return status === 404 ? bodyProblems(where, errorBody, body) : [`${where}: the path is not in the API contract`];
  }
  if ("unknownMethod" in found) {
    // Methods a route does not take are a 405 with the error body (apiRoute).
    return status === 405 ? bodyProblems(where, errorBody, body) : [`${where}: the method is not in the API contract`];
  }
  const { operation } = found;
  const head = method.toUpperCase() === "HEAD";
  if (status === operation.success.status) {
    const schema = operation.success.schema;
    if (!schema || head) return body === "" ? [] : [`${where}: expected no body, got ${body.slice(0, 200)}`];
    return bodyProblems(where, schema, body);
  }
  if ((errorStatuses(operation) as number[]).includes(status)) return head ? [] : bodyProblems(where, errorBody, body);
  return [`${where}: status ${status} is not documented for ${operation.method.toUpperCase()} ${operation.path}`];
}

function bodyProblems(where: string, schema: ZodTypeAny, body: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [`${where}: the body is not JSON: ${body.slice(0, 200)}`];
  }
  const result = schema.safeParse(json);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${where}: ${issue.path.join(".") || "(body)"}: ${issue.message}`);
}
