import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { contractProblems } from "~/api-contract/check-response";
import { buildOpenApiDocument, operationId } from "~/api-contract/document.server";
import { API_OPERATIONS } from "~/api-contract/operations";
import routes from "~/routes";
import * as docsRoute from "~/routes/api/docs";
import * as openApiRoute from "~/routes/api/openapi-json";
import { routeContext as context } from "../fixtures/api";

interface ConfiguredRoute {
  path?: string;
  file: string;
  children?: ConfiguredRoute[];
}

/** The JSON API's routes in app/routes.ts as OpenAPI paths (:id becomes {id}), with their files. */
function apiRoutes(
  list: ConfiguredRoute[] = routes as ConfiguredRoute[],
  parent = "",
): { path: string; file: string }[] {
  return list.flatMap((route) => {
    const path = [parent, route.path].filter(Boolean).join("/").replace(/\/+$/, "");
    return [{ path, file: route.file }, ...apiRoutes(route.children ?? [], path)];
  });
}

// Not JSON operations: the catch-all 404 and the docs page (HTML).
const NOT_OPERATIONS = new Set(["routes/api/not-found.ts", "routes/api/docs.tsx"]);

async function methodsOf(file: string): Promise<string[]> {
  const module: { loader: { methods?: string[] } } = await import(/* @vite-ignore */ `../../app/${file}`);
  if (!module.loader.methods) throw new Error(`${file} is not built with apiRoute`);
  return module.loader.methods.map((method) => method.toLowerCase());
}

describe("the API contract", () => {
  it("documents every /api route in app/routes.ts with every method it answers, and nothing else", async () => {
    const implemented: string[] = [];
    for (const route of apiRoutes()) {
      if (!route.path.startsWith("api/") || NOT_OPERATIONS.has(route.file)) continue;
      const path = `/${route.path.replace(/:(\w+)/g, "{$1}")}`;
      for (const method of await methodsOf(route.file)) implemented.push(`${method} ${path}`);
    }
    const documented = API_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect([...documented].sort()).toEqual([...implemented].sort());
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("is a valid OpenAPI 3.1 document with unique operation ids", async () => {
    const document = buildOpenApiDocument();
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    const ids = API_OPERATIONS.map(operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is served at /api/openapi.json, public and cacheable", async () => {
    const response = await openApiRoute.loader({
      request: new Request("http://localhost/api/openapi.json"),
      params: {},
      context,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    const served = await response.json();
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(Object.keys(served.paths)).toContain("/api/projects/{id}");
  });

  it("reads as a page: every operation under its tag, and the schemas", async () => {
    const view = await docsRoute.loader();
    const operations = view.tags.flatMap((tag) => tag.operations);
    expect(operations).toHaveLength(API_OPERATIONS.length);
    const detail = operations.find((operation) => operation.id === "get_api_projects_id")!;
    expect(detail).toMatchObject({
      method: "GET",
      path: "/api/projects/{id}",
      access: "Public: no credentials needed.",
    });
    expect(detail.responses.map((response) => response.status)).toEqual(["200", "400", "404", "500", "503"]);
    expect(detail.responses[0]).toMatchObject({ schemaName: "ProjectDetail" });
    expect(view.schemas.find((schema) => schema.name === "Error")?.type).toContain("message: string;");
  });

  it("refuses responses it does not describe", () => {
    const url = "http://localhost/api/projects/00000000-0000-4000-8000-000000000000";
    const error = JSON.stringify({ message: "Project not found.", errors: {} });
    expect(contractProblems("GET", url, 404, error)).toEqual([]);
    expect(contractProblems("GET", url, 409, error)).toEqual([expect.stringContaining("status 409 is not documented")]);
    expect(contractProblems("GET", url, 404, JSON.stringify({ message: "Project not found." }))).toEqual([
      expect.stringContaining("errors: Required"),
    ]);
    expect(contractProblems("GET", url, 200, JSON.stringify({ projectId: "nope" })).length).toBeGreaterThan(1);
    expect(contractProblems("PATCH", url, 405, JSON.stringify({ message: "Method not allowed.", errors: {} }))).toEqual(
      [],
    );
    expect(contractProblems("GET", "http://localhost/api/nowhere", 404, error)).toEqual([]);
    expect(contractProblems("GET", "http://localhost/api/nowhere", 200, "{}")).toEqual([
      expect.stringContaining("not in the API contract"),
    ]);
  });
});
