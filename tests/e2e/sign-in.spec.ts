import { expect, test } from "./fixtures";
import { accessTokenFor, signIn, uniqueEmail } from "./auth";

test.describe("sign-in through the development identity provider", () => {
  test("a new person lands on /choose-role, with only an HttpOnly session cookie", async ({ page, context }) => {
    await signIn(page, uniqueEmail("newcomer"));
    await expect(page).toHaveURL(/\/choose-role$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("/login when already signed in goes home; /signin goes to /login", async ({ page }) => {
    await signIn(page, uniqueEmail("again"));
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$|\/choose-role$/);
    await page.context().clearCookies();
    await page.goto("/signin");
    await expect(page.getByLabel("Email")).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/dev-idp\/interaction\//);
  });

  test("a finished demo person comes back to where they were going", async ({ page }) => {
    // Demo people have finished profiles, so sign-in returns them to the address they came from.
    await signIn(page, "grace.mensah@example.org", "/about?from=sign-in");
    await expect(page).toHaveURL(/\/about\?from=sign-in$/);
  });

  test("an unsafe redirect address is ignored", async ({ page }) => {
    await signIn(page, "tomas.lindqvist@example.org", "//evil.example.org/x");
    expect(new URL(page.url()).host).toBe(new URL(page.url()).host);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });

  test.describe("a refused form answers 400", () => {
    test.use({ allowedConsoleErrors: [/400 \(Bad Request\)/] });

    test("the Email field is required to be an address", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
    });
  });

  test("logging out ends the session on the server", async ({ page, context }) => {
    await signIn(page, "priya.raman@example.org", "/");
    const before = (await context.cookies()).find((cookie) => cookie.name === "__session");
    expect(before).toBeDefined();
    await page.goto("/logout");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    // The old cookie no longer opens a session: replaying it is the same as being signed out.
    await context.addCookies([before!]);
    const me = await page.request.get("/api/users/me");
    expect(me.status()).toBe(401);
  });
});

test.describe("API credentials", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API checks run once");

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
