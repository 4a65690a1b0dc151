import { expect, test } from "./fixtures";
import { signIn } from "./auth";

test.describe("security headers", () => {
  test("pages: Permissions-Policy and frame-ancestors, no X-Frame-Options, no HSTS over HTTP", async ({ request }) => {
    for (const path of ["/", "/about", "/dev-idp/.well-known/openid-configuration", "/api/projects/active"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["permissions-policy"], path).toContain("camera=()");
      expect(headers["permissions-policy"], path).toContain("geolocation=()");
      expect(headers["x-frame-options"], path).toBeUndefined();
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    const home = await request.get("/");
    expect(home.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("HSTS only when the request came over HTTPS (through a proxy on loopback)", async ({ request }) => {
    const overHttps = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(overHttps.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
    const plain = await request.get("/");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("personal answers are private, no-store; public ones are not", async ({ page, request }) => {
    const anonymous = await request.get("/about");
    expect(anonymous.headers()["cache-control"] ?? "").not.toContain("no-store");

    await signIn(page, "amara.okafor@example.org");
    for (const path of ["/api/users/me", "/api/projects/user/me", "/work", "/work.data", "/", "/about"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
  });
});
