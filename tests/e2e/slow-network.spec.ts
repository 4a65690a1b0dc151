import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * People on old phones and slow networks: the visitor's main pages show their content quickly on
 * a throttled 3G connection without JavaScript, and their forms work. "Regular 3G" as Chrome's
 * tools define it: 300 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
 */
const REGULAR_3G = { offline: false, latency: 300, downloadThroughput: 200_000, uploadThroughput: 93_750 };
// Two round trips (the page, then its one stylesheet) and their bytes, with room for a slow machine.
const FIRST_CONTENTFUL_PAINT_BUDGET_MS = 3_000;

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the slow-network budget is for pages without JavaScript");

async function throttle(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", REGULAR_3G);
}

/** When the page first painted content. The browser records the entry a moment after the paint
 * itself, so it is waited for (a page that never paints fails here). */
async function firstContentfulPaint(page: Page): Promise<number> {
  const entry = await page.waitForFunction(
    () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    undefined,
    { timeout: 10_000 },
  );
  return (await entry.jsonValue()) as number;
}

test("home, catalogue and a project page paint their content quickly on 3G, and the catalogue's search works", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await throttle(page);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await firstContentfulPaint(page)).toBeLessThan(FIRST_CONTENTFUL_PAINT_BUDGET_MS);
  const projectHref = await page.getByRole("article").first().getByRole("link").first().getAttribute("href");
  expect(projectHref).toMatch(/^\/project\//);

  await page.goto("/search-projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
  expect(await firstContentfulPaint(page)).toBeLessThan(FIRST_CONTENTFUL_PAINT_BUDGET_MS);
  await page.getByLabel("Search projects").fill("food");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=food/);
  await expect(page.getByRole("article").first()).toBeVisible();

  await page.goto(projectHref!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await firstContentfulPaint(page)).toBeLessThan(FIRST_CONTENTFUL_PAINT_BUDGET_MS);
  // Below-the-fold pictures wait until they are needed, and keep their place while loading.
  for (const image of await page.locator("main img").all()) {
    await expect(image).toHaveAttribute("width", /\d+/);
    await expect(image).toHaveAttribute("height", /\d+/);
  }
});
