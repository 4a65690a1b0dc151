import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { config } from "~/config.server";

/**
 * Toasts are flash messages: an action sets one on its redirect, the next page shows it once
 * (DESIGN principle 2). Kept in a cookie of their own, so visitors without a session get them too.
 */
export const toastSchema = z.object({
  type: z.enum(["info", "success", "error", "warning"]).default("info"),
  title: z.string().optional(),
  message: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
  cookie: {
    name: "__toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.publicUrl.startsWith("https://"),
    // The toast text is not secret; signing only stops others from planting messages.
    secrets: [config.SESSION_SECRET ?? "gainers-hub-toast"],
  },
});

/** A Set-Cookie header that carries a toast to the next page. */
export async function toastHeader(toast: ToastInput): Promise<string> {
  const session = await storage.getSession();
  session.flash("toast", toastSchema.parse(toast));
  return storage.commitSession(session);
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit | undefined }> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, headers: undefined };
  return { toast: parsed.data, headers: { "Set-Cookie": await storage.destroySession(session) } };
}
