import { expect, test } from "./fixtures";
import { signIn } from "./auth";

/** Search results (spec sections 2 and 5), with JavaScript on and off. */

test.beforeEach(async ({ page }) => {
  await signIn(page, "mei.chen@example.org");
});

test("results are cards that open the project", async ({ page }) => {
  await page.goto("/search-result?q=help%20an%20animal%20shelter%20with%20volunteers");
  await expect(page).toHaveTitle("Search: help an animal shelter with volunteers · Gainers Hub");
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(6);
  await expect(cards.first()).toContainText(/shelter|dog|animal|pet/i);
  await expect(cards.nth(1)).toContainText(/shelter|dog|animal|pet/i);
  await cards
    .first()
    .getByRole("link", { name: /View Project/ })
    .click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
});

test("each card says why it matched: its words, a spelling correction", async ({ page }) => {
  await page.goto("/search-result?q=animal%20shelter&count=3");
  await expect(page.getByRole("article").first()).toContainText(/Matched: (animal|shelter)/);
  await page.goto("/search-result?q=dashbord&count=3");
  await expect(page.getByRole("article").first()).toContainText("Spelling: dashbord → dashboard");
});

test("count limits the results and the box searches again", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search-result?q=app&count=2");
  await expect(page.getByRole("article")).toHaveCount(2);
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await expect(box).toHaveValue("app");
  await expect(box).toHaveAttribute("placeholder", "Search projects, technologies...");
  await box.fill("food bank");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=food\+bank&count=2$/);
  await expect(page.getByRole("heading", { name: "Results for “food bank”" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(await page.getByRole("article").count()).toBeLessThanOrEqual(2);
});

test("an unreadable or too large count falls back to 6 or 50", async ({ page }) => {
  await page.goto("/search-result?q=app&count=lots");
  await expect(page.getByRole("article")).toHaveCount(6);
  await page.goto("/search-result?q=project%20app%20web%20data%20community&count=500");
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(await page.getByRole("article").count()).toBeLessThanOrEqual(50);
  expect(await page.getByRole("article").count()).toBeGreaterThan(12);
});

test("an empty term and a hopeless one say so", async ({ page }) => {
  await page.goto("/search-result?q=%20%20");
  await expect(page.getByText("Please enter a search term")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page).toHaveTitle("Search · Gainers Hub");
  await page.goto("/search-result");
  await expect(page.getByText("Please enter a search term")).toBeVisible();
  await page.goto("/search-result?q=qwxzv");
  await expect(page.getByText("No projects found")).toBeVisible();
  await expect(page.getByText("Try refining your keywords or use different terms.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/search-projects$/);
});

test("searching for nothing from the results clears them", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search-result?q=react&count=3");
  await expect(page.getByRole("article").first()).toBeVisible();
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await box.fill("   ");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("Please enter a search term")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page).toHaveURL(/count=3$/);
});
