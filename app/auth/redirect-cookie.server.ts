import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";

/** Where to return after sign-in, kept for the few minutes the round trip to the provider takes. */
const redirectCookie = createCookie("__redirect_to", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.publicUrl.startsWith("https://"),
  maxAge: 600,
});

/** Any origin of ours: only the origin comparison matters, never the host itself. */
const OWN_ORIGIN = "http://gainers-hub.invalid";

/**
 * Only our own paths: never another site (no open redirects). The address is resolved the way a
 * browser would (`new URL(to, origin)`: tabs and newlines dropped, backslashes read as slashes,
 * dot segments removed) and kept only when it stays on our origin; control characters and
 * backslashes are refused outright, and so is a result a browser could read as `//host`.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

export function rememberRedirect(to: string): Promise<string> {
  return redirectCookie.serialize(safeRedirect(to));
}

export async function takeRedirect(request: Request): Promise<{ to: string | null; clear: string }> {
  const value: unknown = await redirectCookie.parse(request.headers.get("Cookie"));
  return {
    to: value ? safeRedirect(value) : null,
    clear: await redirectCookie.serialize("", { maxAge: 0 }),
  };
}
