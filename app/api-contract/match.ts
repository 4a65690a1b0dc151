import type { ApiOperation } from "./operation";

const patterns = new Map<string, { pattern: RegExp; parameters: number }>();

/**
 * An OpenAPI path template as a pattern: each {name} is one path segment, and literal segments
 * match in any case, as the router reads them (/api/projects/Active is the active list).
 */
function compile(path: string) {
  let compiled = patterns.get(path);
  if (!compiled) {
    const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
    compiled = { pattern: new RegExp(`^${source}$`, "i"), parameters: path.split("{").length - 1 };
    patterns.set(path, compiled);
  }
  return compiled;
}

/** The documented path a pathname is, the most literal first (/projects/active before /projects/{id}). */
export function matchPath(paths: Iterable<string>, pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname; // the router ignores a trailing slash
  const candidates = [...new Set(paths)].sort((a, b) => compile(a).parameters - compile(b).parameters);
  return candidates.find((path) => compile(path).pattern.test(trimmed)) ?? null;
}

/** The documented operation a request is, or why there is none. */
export function findOperation(
  operations: readonly ApiOperation[],
  method: string,
  pathname: string,
): { operation: ApiOperation } | { unknownPath: true } | { unknownMethod: true } {
  const path = matchPath(
    operations.map((operation) => operation.path),
    pathname,
  );
  if (!path) return { unknownPath: true };
  const wanted = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  const operation = operations.find((candidate) => candidate.path === path && candidate.method === wanted);
  return operation ? { operation } : { unknownMethod: true };
}
