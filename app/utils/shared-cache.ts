import type { HeadersFunction } from "@remix-run/node";

/**
 * Visitors' pages may be kept by shared caches (a CDN, and the host's own page cache) for a short
 * while; browsers revalidate every time (max-age=0, with the ETag the host sends). Answers to
 * requests with credentials are made `private, no-store` afterwards (utils/personal.server.ts),
 * and the host never serves a kept page to a request with a cookie, so nothing personal is shared.
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";

/**
 * A public API list (the catalogue's running projects, the templates): the same for everyone who
 * asks without credentials, so browsers keep it 30 s and shared caches (the host's too) as long,
 * until the data behind it changes.
 */
export const SHARED_API_HEADERS = {
  "Cache-Control": "public, max-age=30, s-maxage=30",
  Vary: "Cookie, Authorization",
} as const;

/** `export const headers = sharedPageHeaders;` on a screen that shows visitors the same page. */
export const sharedPageHeaders: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  if (errorHeaders) return headers;
  headers.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
  headers.set("Vary", "Cookie, Authorization");
  return headers;
};
