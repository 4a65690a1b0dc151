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

  // Profile writes share the mechanism (enforceRateLimit in the action every path reaches); their
  // 429 is shown in tests/integration/rate-limit.test.ts, since 300 PUTs take too long here.
  test("sign-in is rate limited with 429 and Retry-After, through .data requests too", async ({ baseURL }) => {
    // A client address of its own (documentation range, via the trusted loopback proxy header),
    // so the other tests' sign-ins do not count against it; plain fetch keeps no cookies.
    test.setTimeout(120_000);
    const headers = { "X-Forwarded-For": "203.0.113.77" };
    const paths = ["/login", "/login.data", "/auth-callback.data", "/auth-callback"];
    const attempt = (path: string) => fetch(`${baseURL}${path}`, { headers, redirect: "manual" });
    await awayFromTheMinutesEnd();
    // Over the limit (300 a minute here) within one window, mixing the page and its .data forms.
    const statuses = await inBatches(320, (i) => attempt(paths[i % paths.length]!).then((r) => r.status));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    // Every way in is refused now, each with Retry-After.
    for (const path of paths) {
      const refused = await attempt(path);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("retry-after")), path).toBeGreaterThan(0);
    }
    // Another address still signs in.
    const other = await fetch(`${baseURL}/login`, {
      headers: { "X-Forwarded-For": "203.0.113.78" },
      redirect: "manual",
    });
    expect(other.status).toBe(302);
  });
});

/** Counters use one-minute windows: start a burst early enough in one that it ends there too. */
async function awayFromTheMinutesEnd() {
  const second = new Date().getSeconds();
  if (second > 30) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

/** Runs `count` calls, 20 at a time, and returns their results in order. */
async function inBatches<T>(count: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, i) => call(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}
