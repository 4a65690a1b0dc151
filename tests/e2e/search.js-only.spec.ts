import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signIn } from "./auth";

/**
 * What JavaScript adds to searching: pending UI, trimmed terms, no double submit. The no-js
 * project skips *.js-only files; typing and the typewriter are in home-typing.js-only.spec.ts.
 */

/** Holds the results' data requests until `release` is called; counts them. */
async function holdSearches(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(/\/search-result\.data/, async (route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, requested };
}

test.beforeEach(async ({ page }) => {
  await signIn(page, "mei.chen@example.org");
});

test("the hero sends a trimmed term once, and says it is searching", async ({ page }) => {
  await page.goto("/");
  const hold = await holdSearches(page);
  const box = page.getByRole("textbox", { name: "What would you like to work on?" });
  await box.fill("   animal shelter  ");
  await box.press("Enter");
  const button = page.getByRole("button", { name: "Searching…" });
  await expect(button).toBeDisabled();
  await box.press("Enter");
  await page.getByRole("search", { name: "Search projects" }).evaluate((form: HTMLFormElement) => form.requestSubmit());
  hold.release();
  await expect(page).toHaveURL(/\/search-result\?q=animal\+shelter&count=12$/);
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(hold.requested).toHaveLength(1);
});

test("the results page shows 'Searching…' while a search is on its way", async ({ page }) => {
  await page.goto("/search-result?q=react");
  await expect(page.getByRole("article").first()).toBeVisible();
  const hold = await holdSearches(page);
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await box.fill("  food bank ");
  await box.press("Enter");
  const status = page.getByRole("status").filter({ hasText: "Searching…" });
  await expect(status).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  hold.release();
  await expect(status).toBeHidden();
  await expect(page).toHaveURL(/\/search-result\?q=food\+bank&count=6$/);
  await expect(page.getByRole("heading", { name: "Results for “food bank”" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(hold.requested).toHaveLength(1);
});
