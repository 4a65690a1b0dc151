import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";

/** Sign-in helpers: they go through the real development identity provider. */

/** A new email, hence a new user, for each call. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.org`;
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
