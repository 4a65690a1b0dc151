import { expect, test } from "./fixtures";
import { accessTokenFor, signIn, uniqueEmail } from "./auth";

/** API credentials: run once (the no-js project skips api-*.spec files). */
test.describe("API credentials", () => {
  test("a device-flow access token works as a bearer token", async ({ browser, request }) => {
    const email = uniqueEmail("api");
    const token = await accessTokenFor(browser, request, email);
    const before = await request.get("/api/users/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(404);
    const ensure = await request.post("/api/users/me/ensure", { headers: { Authorization: `Bearer ${token}` } });
    expect(ensure.status()).toBe(200);
    const me = await request.get("/api/users/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ emailAddress: email, isNewUser: true });
  });

  test("missing and forged tokens are 401 with WWW-Authenticate", async ({ request }) => {
    const missing = await request.get("/api/users/me");
    expect(missing.status()).toBe(401);
    expect(missing.headers()["www-authenticate"]).toMatch(/^Bearer/);
    const forged = await request.get("/api/users/me", {
      headers: { Authorization: "Bearer eyJhbGciOiJub25lIn0.e30." },
    });
    expect(forged.status()).toBe(401);
    expect(forged.headers()["www-authenticate"]).toContain("invalid_token");
  });

  test("an unsafe request with our cookie from another origin is refused", async ({ page }) => {
    await signIn(page, uniqueEmail("csrf"));
    const response = await page.request.post("/logout", { headers: { Origin: "https://evil.example.org" } });
    expect(response.status()).toBe(403);
  });

  test("sign-in is rate limited with 429 and Retry-After", async ({ baseURL }) => {
    // A client address of its own (documentation range, via the trusted loopback proxy header),
    // so the other tests' sign-ins do not count against it; plain fetch keeps no cookies.
    const headers = { "X-Forwarded-For": "203.0.113.77" };
    const attempt = () => fetch(`${baseURL}/login`, { headers, redirect: "manual" });
    let last = await attempt();
    for (let i = 0; i < 400 && last.status !== 429; i++) last = await attempt();
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
