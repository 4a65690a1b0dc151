import { expect, test } from "./fixtures";
import { signIn, uniqueEmail } from "./auth";

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
