import fs from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import { signIn, uniqueEmail } from "./auth";
import { faultPort, killServer, type RunningServer, startServer } from "./faults";
import { expect, test } from "./fixtures";

/**
 * RATE_LIMIT_WRITES_PER_MINUTE over every write (issue 32), on a server of this file's own with a
 * limit of 4 (the shared test server's is raised for the whole suite). A form over the limit comes
 * back with the message, with JavaScript and without; the API answers 429 JSON. Each project has
 * its own server, since both count from the same address.
 */
const LIMIT = 4;
const TOO_MANY = "Too many requests. Please try again in a moment.";

test.describe.configure({ timeout: 240_000 });

let server: RunningServer | undefined;
let dataDir = "";

test.afterAll(async () => {
  await killServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a form over the writes limit comes back with the message, then the API answers 429 JSON", async ({
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const port = faultPort(testInfo.project.name === "js" ? 38 : 39);
  dataDir = `.e2e-data-write-limit-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = await startServer(port, dataDir, { RATE_LIMIT_WRITES_PER_MINUTE: String(LIMIT), SEED_ON_START: "false" });
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, uniqueEmail("limited"));
  await expect(page).toHaveURL(/\/choose-role$/);

  // Continuing without a role is a refused write (400) that still counts; the limit's answer
  // renders the same form again with the message. A minute may turn meanwhile: two windows at most.
  const statuses: number[] = [];
  let retryAfter: string | undefined;
  page.on("response", (response) => {
    if (response.request().method() !== "POST") return;
    statuses.push(response.status());
    if (response.status() === 429) retryAfter ??= response.headers()["retry-after"];
  });
  const button = page.getByRole("button", { name: "Continue to Profile Setup" });
  for (let attempt = 0; attempt < 2 * LIMIT + 1 && !statuses.includes(429); attempt++) {
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await button.click();
    await answered;
  }
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.filter((status) => status !== 429).length).toBeGreaterThanOrEqual(LIMIT);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  await expect(page.getByText(TOO_MANY)).toBeVisible();
  await expect(button).toBeVisible();

  const cookies = await page.context().cookies(server.baseURL);
  const session = cookies.find((cookie) => cookie.name === "__session")!.value;
  const api = await playwrightRequest.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Cookie: `__session=${session}` },
  });
  const refused = await api.post("/api/forum/posts", { data: { projectId: "not-a-uuid", content: "Hello" } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(await refused.json()).toEqual({ message: TOO_MANY, errors: {} });
  await api.dispose();
  await context.close();
});
