import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { sessionSecret } from "~/auth/secrets.server";
import { config } from "~/config.server";
import { singleton } from "~/utils/singleton.server";

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

/**
 * Signed with the session secret (configured, or generated and kept in DATA_DIR): the toast text
 * is not secret, but nobody else may plant a message that the site then shows as its own.
 */
export const TOAST_COOKIE = "__toast";
const toastStorage = () =>
  singleton("toast-storage", async () =>
    createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: {
        name: TOAST_COOKIE,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: config.publicUrl.startsWith("https://"),
        secrets: [await sessionSecret()],
      },
    }),
  );

/** A Set-Cookie header that carries a toast to the next page. */
export async function toastHeader(toast: ToastInput): Promise<string> {
  const storage = await toastStorage();
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
  const storage = await toastStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, headers: undefined };
  return { toast: parsed.data, headers: { "Set-Cookie": await storage.destroySession(session) } };
}
