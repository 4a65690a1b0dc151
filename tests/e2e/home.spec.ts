import { expect, test } from "./fixtures";
import { signIn } from "./auth";

test("home shows the hero, up to three projects and the way to more", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Let your skills shine. Gain real experience today.",
  );
  const explore = page.getByRole("region", { name: "Explore Projects" });
  const cards = explore.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(3);
  await explore.getByRole("link", { name: "View More Projects" }).click();
  await expect(page).toHaveURL(/\/search-projects$/);
});

test("a signed-out search goes through sign-in and comes back to the results", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const box = page.getByRole("textbox", { name: "What would you like to work on?" });
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
  const box = page.getByRole("textbox", { name: "What would you like to work on?" });
  await box.fill("react dashboard");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search-result\?q=react\+dashboard&count=12$/);
  await expect(page.getByRole("heading", { name: "Results for “react dashboard”" })).toBeVisible();
});
