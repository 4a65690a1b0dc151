import { config } from "~/config.server";

/**
 * With PUBLIC_URL set, where a request that reached us on another host name should go instead:
 * sign-in cookies and the provider's registered return address live on that one origin. Without
 * PUBLIC_URL every loopback name signs in on its own (config.browserOrigins), so nothing moves.
 * Health checks answer on any host, since probes use the address we listen on.
 */
export function publicUrlRedirect(hostname: string, path: string, publicUrl = config.PUBLIC_URL): string | null {
  if (!publicUrl || path.split("?")[0] === "/healthz") return null;
  const target = new URL(publicUrl);
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === target.hostname.replace(/^\[|\]$/g, "")) return null;
  return `${target.origin}${path}`;
}
