import type { ApiOperation } from "./operation";

/** Which documented path a request's pathname is, the static one first (/projects/active before /projects/{id}). */
export interface PathMatch {
  path: string;
  params: Record<string, string>;
}

const templates = new Map<string, { pattern: RegExp; names: string[] }>();

function compile(path: string) {
  let compiled = templates.get(path);
  if (!compiled) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "([^/]+)");
    compiled = { pattern: new RegExp(`^${source}$`), names };
    templates.set(path, compiled);
  }
  return compiled;
}

export function matchPath(paths: Iterable<string>, pathname: string): PathMatch | null {
  const candidates = [...new Set(paths)].sort((a, b) => compile(a).names.length - compile(b).names.length);
  for (const path of candidates) {
    const { pattern, names } = compile(path);
    const found = pattern.exec(pathname);
    if (found) {
      const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]));
      return { path, params };
    }
  }
  return null;
}

/** The documented operation a request is, or why there is none. */
export function findOperation(
  operations: readonly ApiOperation[],
  method: string,
  pathname: string,
): { operation: ApiOperation } | { unknownPath: true } | { unknownMethod: true } {
  const match = matchPath(
    operations.map((operation) => operation.path),
    pathname,
  );
  if (!match) return { unknownPath: true };
  const wanted = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  const operation = operations.find((candidate) => candidate.path === match.path && candidate.method === wanted);
  return operation ? { operation } : { unknownMethod: true };
}
