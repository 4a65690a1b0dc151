/**
 * Personal answers must never sit in a shared cache, nor in the browser's history cache where
 * the next person at the computer could bring them back: every answer to a request that carried
 * credentials (the session cookie or a bearer token), or that starts a session, is
 * `Cache-Control: private, no-store`. Documents and `.data` requests get it in entry.server.tsx,
 * API routes in apiRoute.
 */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

const SESSION_COOKIE = /(?:^|;\s*)__session=/;

export function isPersonal(request: Request, responseHeaders?: Headers): boolean {
  if (request.headers.has("Authorization")) return true;
  if (SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) return true;
  const setCookies = responseHeaders?.getSetCookie?.() ?? [];
  return setCookies.some((cookie) => cookie.startsWith("__session="));
}

/** Marks the headers of a personal answer as such; others are left as their route made them. */
export function markPersonal(request: Request, headers: Headers): void {
  if (isPersonal(request, headers)) headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
}
