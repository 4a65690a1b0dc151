import type { APIRequestContext, APIResponse } from "@playwright/test";
import { contractProblems } from "~/api-contract/check-response";

/**
 * Playwright's `request`, checking each JSON API response against the OpenAPI contract
 * (app/api-contract): the problems found are collected for the fixture to fail the test on.
 * The docs page is HTML, not an operation; other addresses are not the API's.
 */
const CALLS = ["get", "post", "put", "patch", "delete", "head", "fetch"] as const;
type Call = (typeof CALLS)[number];

const isApiCall = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith("/api/") && pathname !== "/api/docs";
};

function methodOf(call: Call, options: unknown): string {
  if (call !== "fetch") return call.toUpperCase();
  return ((options as { method?: string } | undefined)?.method ?? "GET").toUpperCase();
}

export function contractCheckedRequest(request: APIRequestContext, problems: string[]): APIRequestContext {
  const check = async (method: string, response: APIResponse) => {
    if (!isApiCall(response.url())) return;
    const body = method === "HEAD" ? "" : await response.text();
    problems.push(...contractProblems(method, response.url(), response.status(), body));
  };
  return new Proxy(request, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (!CALLS.includes(property as Call) || typeof value !== "function") return value;
      return async (url: string, options?: unknown) => {
        const response: APIResponse = await value.call(target, url, options);
        await check(methodOf(property as Call, options), response);
        return response;
      };
    },
  });
}
