import { expect, test } from "./fixtures";
import { signIn } from "./auth";

/** Home (spec section 2): hero search and Explore Projects, with JavaScript on and off. */

const HERO_BOX = { name: "What would you like to work on?" };

test("home shows the hero, up to three projects and the way to more", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Gainers Hub — real projects, real experience");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Let your skills shine. Gain real experience today.",
  );
  await expect(page.getByRole("textbox", HERO_BOX)).toHaveAttribute("rows", "3");
  const explore = page.getByRole("region", { name: "Explore Projects" });
  const cards = explore.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(1);
  expect(await cards.count()).toBeLessThanOrEqual(3);
  await explore.getByRole("link", { name: "View More Projects" }).click();
  await expect(page).toHaveURL(/\/search-projects$/);
});

test("a card in Explore Projects opens its project", async ({ page }) => {
  await page.goto("/");
  const card = page.getByRole("region", { name: "Explore Projects" }).getByRole("article").first();
  await card.getByRole("link", { name: /View Project/ }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
});

test("the placeholder is a static sentence without JavaScript or with reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const box = page.getByRole("textbox", HERO_BOX);
  const placeholder = "Describe a project you'd like to work on, or a skill you want to use…";
  await expect(box).toHaveAttribute("placeholder", placeholder);
  // Longer than the typewriter's first step: the text has not started to change.
  await page.waitForTimeout(1_200);
  await expect(box).toHaveAttribute("placeholder", placeholder);
});

test("a signed-out search goes through sign-in and comes back to the results", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const box = page.getByRole("textbox", HERO_BOX);
  await box.fill("animal shelter volunteers");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await page.getByLabel("Email").fill("amara.okafor@example.org");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/search-result\?q=animal\+shelter\+volunteers&count=12$/);
  await expect(page.getByRole("article").first()).toContainText(/shelter|dog|animal/i);
});

test("signed in, the hero search lands on results and the grid is personal", async ({ page, javaScriptEnabled }) => {
  await signIn(page, "diego.ramirez@example.org");
  await page.goto("/");
  await expect(page.getByText("Picked for your skills and interests.")).toBeVisible();
  const box = page.getByRole("textbox", HERO_BOX);
  await box.fill("react dashboard");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search-result\?q=react\+dashboard&count=12$/);
  await expect(page.getByRole("heading", { name: "Results for “react dashboard”" })).toBeVisible();
  await expect(page).toHaveTitle("Search: react dashboard · Gainers Hub");
  const cards = page.getByRole("article");
  await expect(cards.first()).toContainText(/react|dashboard/i);
  expect(await cards.count()).toBeLessThanOrEqual(12);
});

test("a search over several lines reads as one trimmed term", async ({ page }) => {
  await signIn(page, "diego.ramirez@example.org");
  await page.goto("/");
  await page.getByRole("textbox", HERO_BOX).fill("  food bank\ninventory  ");
  // The button submits in both projects (Enter would submit with JavaScript; here it is typed text).
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search-result\?/);
  await expect(page.getByRole("heading", { name: "Results for “food bank inventory”" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search projects" })).toHaveValue("food bank inventory");
  await expect(page.getByRole("article").first()).toBeVisible();
});
