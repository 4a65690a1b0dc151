import type { AppLoadContext } from "@remix-run/node";
import { config } from "~/config.server";
import { hitRateLimit } from "~/models/rate-limit.server";

/**
 * Per client address and minute, inside the app, so every way in counts: the page, its `.data`
 * request and the API alike (the host cannot tell `/login.data` from `/login`).
 *   sign-in: /login, /auth-callback and the development provider's sign-in form;
 *   writes: every route's action, per address and per person (http/write-limit.server.ts).
 */
export type RateLimitBucket = "sign-in" | "writes";

export const TOO_MANY_REQUESTS = "Too many requests. Please try again in a moment.";

const limits: Record<RateLimitBucket, () => number> = {
  "sign-in": () => config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
  writes: () => config.RATE_LIMIT_WRITES_PER_MINUTE,
};

/** Counts a hit; `retryAfter` in seconds when the client is over the limit, else null. */
export async function rateLimited(bucket: RateLimitBucket, clientAddress: string): Promise<number | null> {
  const { allowed, retryAfter } = await hitRateLimit(`${bucket}:${clientAddress}`, limits[bucket]());
  return allowed ? null : retryAfter;
}

/**
 * Throws a 429 with Retry-After when the caller is over the limit: JSON for the API, text for
 * screens (their error screen shows it). Requests that did not come through the HTTP server
 * (a script or test calling a route module) have no client address and are not counted.
 */
export async function enforceRateLimit(
  request: Request,
  context: AppLoadContext | undefined,
  bucket: RateLimitBucket,
): Promise<void> {
  const clientAddress = context?.clientAddress;
  if (!clientAddress) return;
  const retryAfter = await rateLimited(bucket, clientAddress);
  if (retryAfter === null) return;
  const headers = { "Retry-After": String(retryAfter) };
  if (new URL(request.url).pathname.startsWith("/api/")) {
    throw Response.json({ message: TOO_MANY_REQUESTS, errors: {} }, { status: 429, headers });
  }
  throw new Response(TOO_MANY_REQUESTS, { status: 429, headers: { ...headers, "Content-Type": "text/plain" } });
}
