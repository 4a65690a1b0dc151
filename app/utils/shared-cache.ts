import type { HeadersFunction } from "@remix-run/node";

/**
 * Visitors' pages may be kept by shared caches (a CDN, and the host's own page cache) for a short
 * while; browsers revalidate every time (max-age=0, with the ETag the host sends). Answers to
 * requests with credentials are made `private, no-store` afterwards (utils/personal.server.ts),
 * and the host never serves a kept page to a request with a cookie, so nothing personal is shared.
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";

/** `export const headers = sharedPageHeaders;` on a screen that shows visitors the same page. */
export const sharedPageHeaders: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  if (errorHeaders) return headers;
  headers.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
  headers.set("Vary", "Cookie, Authorization");
  return headers;
};
