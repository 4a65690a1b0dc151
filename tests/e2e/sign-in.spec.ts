import { expect, test } from "./fixtures";
import { forgetSession, signIn, uniqueEmail } from "./auth";

test.describe("sign-in through the development identity provider", () => {
  test("a new person lands on /choose-role, with only an HttpOnly session cookie", async ({ page, context }) => {
    await signIn(page, uniqueEmail("newcomer"));
    await expect(page).toHaveURL(/\/choose-role$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("/login when already signed in goes home; /signin goes to /login", async ({ page, baseURL }) => {
    // A demo person has a finished profile, so home is home (a new person would be sent on to /choose-role).
    await signIn(page, "amara.okafor@example.org", "/about");
    await expect(page).toHaveURL(`${baseURL}/about`);
    await page.goto("/login");
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto("/login?redirectTo=%2Fterms");
    await expect(page).toHaveURL(`${baseURL}/terms`);
    await forgetSession(page);
    await page.goto("/signin");
    await expect(page.getByLabel("Email")).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/dev-idp\/interaction\//);
  });

  test("a finished demo person comes back to where they were going", async ({ page }) => {
    // Demo people have finished profiles, so sign-in returns them to the address they came from.
    await signIn(page, "grace.mensah@example.org", "/about?from=sign-in");
    await expect(page).toHaveURL(/\/about\?from=sign-in$/);
  });

  // The server listens on 127.0.0.1 and the provider used to send everyone back to localhost,
  // where the state cookie set on 127.0.0.1 was missing.
  for (const host of ["localhost", "127.0.0.1"]) {
    test(`signs in from http://${host} and stays there`, async ({ page, baseURL }) => {
      const origin = `http://${host}:${new URL(baseURL!).port}`;
      await page.goto(`${origin}/login?redirectTo=%2Fabout`);
      await page.getByLabel("Email").fill("amara.okafor@example.org");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(`${origin}/about`);
      await expect(page.getByLabel(/Account menu for Amara/)).toBeVisible();
      await expect(page.getByText("Authentication failed")).toHaveCount(0);
    });
  }

  for (const unsafe of ["//evil.example.org/x", "/\t/evil.example", "/\t\\evil.example", "/\\evil.example"]) {
    test(`an unsafe redirect address is ignored: ${JSON.stringify(unsafe)}`, async ({ page, baseURL }) => {
      await signIn(page, "tomas.lindqvist@example.org", unsafe);
      // Home on our own origin, whatever the address said.
      await expect(page).toHaveURL(`${baseURL}/`);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    });
  }

  test("the issue's encoded address, already signed in, goes home", async ({ page, baseURL }) => {
    await signIn(page, "tomas.lindqvist@example.org");
    for (const raw of ["%2F%09%2Fevil.example", "%2F%09%5Cevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example"]) {
      const response = await page.request.get(`/login?redirectTo=${raw}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe("/");
      await page.goto(`/login?redirectTo=${raw}`);
      await expect(page).toHaveURL(`${baseURL}/`);
    }
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
