import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * Served over HTTPS (PUBLIC_URL https://…), every cookie the app sets is Secure and HttpOnly with
 * SameSite (what Mozilla Observatory's cookie test rewards). The modules read the setting once,
 * so they are loaded afresh here with it.
 */
const HTTPS_URL = "https://hub.example.org";

beforeAll(() => {
  vi.stubEnv("PUBLIC_URL", HTTPS_URL);
  vi.resetModules();
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

function attributes(setCookie: string): string[] {
  return setCookie.split(";").map((part) => part.trim().toLowerCase());
}

describe("cookies over HTTPS", () => {
  it("the session, the toast and the sign-in return address are Secure, HttpOnly and SameSite", async () => {
    const { config } = await import("~/config.server");
    expect(config.publicUrl).toBe(HTTPS_URL);
    const { createUser } = await import("../fixtures/factories");
    const { createUserSession } = await import("~/auth/session.server");
    const { toastHeader } = await import("~/http/toast.server");
    const { rememberRedirect } = await import("~/auth/redirect-cookie.server");

    const user = await createUser();
    const session = (await createUserSession(new Request(`${HTTPS_URL}/login`), user.userId, "/")).headers.get(
      "Set-Cookie",
    )!;
    const cookies = [
      session,
      await toastHeader({ type: "success", message: "Saved" }),
      await rememberRedirect("/work"),
    ];
    for (const cookie of cookies) {
      const parts = attributes(cookie);
      expect(parts, cookie.split("=")[0]).toContain("secure");
      expect(parts, cookie.split("=")[0]).toContain("httponly");
      expect(parts.some((part) => part.startsWith("samesite="))).toBe(true);
    }
  });
});
