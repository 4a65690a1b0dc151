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

/** Only our own paths: never another site (no open redirects). */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
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
