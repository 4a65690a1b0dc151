import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";

/** Sign-in helpers: they go through the real development identity provider. */

/** A new email, hence a new user, for each call. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.org`;
}

/**
 * Forgets the session the way a new visitor would start: leaves the page first, so its live
 * notification connection closes with the session it opened with instead of retrying without one.
 */
export async function forgetSession(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** Signs the page in as `email` through /login and the provider's Email form. */
export async function signIn(page: Page, email: string, redirectTo = "/"): Promise<void> {
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/dev-idp") && url.pathname !== "/auth-callback");
}

/**
 * An API access token for `email`, the way the README tells developers to get one: the device
 * flow, with the browser step done by a page of its own.
 */
export async function accessTokenFor(browser: Browser, request: APIRequestContext, email: string): Promise<string> {
  const start = await request.post("/dev-idp/device/auth", {
    form: { client_id: "gainers-hub-cli", scope: "openid profile email offline_access access_as_user" },
  });
  const device = (await start.json()) as { device_code: string; verification_uri_complete: string };
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(device.verification_uri_complete);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForLoadState();
  await context.close();
  const token = await request.post("/dev-idp/token", {
    form: {
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      device_code: device.device_code,
      client_id: "gainers-hub-cli",
    },
  });
  const body = (await token.json()) as { access_token?: string; error?: string };
  if (!body.access_token) throw new Error(`No access token: ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * A new person with a finished gainer profile: signed in through the provider, profile saved
 * through the API with the page's own session cookie.
 */
export async function signUpAsGainer(page: Page, name: string): Promise<{ userId: string; email: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "."));
  await signIn(page, email);
  const me = (await (await page.request.get("/api/users/me")).json()) as { userId: string };
  const saved = await page.request.put(`/api/users/gainer/${me.userId}/profile`, {
    data: {
      fullName: name,
      biography: `${name} was made by an end-to-end test.`,
      currentRole: "Student",
      yearsOfExperience: 1,
      educationStatus: "Self-Taught",
      areasOfInterest: ["Web Development"],
    },
  });
  if (!saved.ok()) throw new Error(`Profile not saved: ${saved.status()} ${await saved.text()}`);
  return { userId: me.userId, email };
}
