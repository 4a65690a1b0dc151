import { createCookieSessionStorage } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { sessionSecret } from "~/auth/secrets.server";
import { readToast, toastHeader } from "~/http/toast.server";

/** A toast cookie as someone else would make it, signed with the secret they chose. */
async function plantedToast(secret: string): Promise<string> {
  const storage = createCookieSessionStorage({ cookie: { name: "__toast", secrets: [secret] } });
  const session = await storage.getSession();
  session.flash("toast", { type: "error", message: "Your account is locked: call +1 555 0100." });
  return storage.commitSession(session);
}

const asRequest = (setCookie: string) =>
  new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } });

describe("the toast cookie", () => {
  it("is signed with the session secret and read back once", async () => {
    const header = await toastHeader({ type: "success", message: "Saved." });
    const storage = createCookieSessionStorage({ cookie: { name: "__toast", secrets: [await sessionSecret()] } });
    const session = await storage.getSession(header.split(";")[0]);
    expect(session.get("toast")).toMatchObject({ type: "success", message: "Saved." });
    const { toast, headers } = await readToast(asRequest(header));
    expect(toast).toEqual({ type: "success", message: "Saved." });
    expect(new Headers(headers).get("Set-Cookie")).toMatch(/^__toast=;/);
  });

  it("ignores a cookie signed with the old constant, public secret", async () => {
    const { toast } = await readToast(asRequest(await plantedToast("gainers-hub-toast")));
    expect(toast).toBeNull();
  });

  it("ignores a cookie signed with any other secret", async () => {
    const { toast } = await readToast(asRequest(await plantedToast("not-our-secret-at-all")));
    expect(toast).toBeNull();
  });
});
