import { expect, test } from "./fixtures";
import { signIn } from "./auth";

test.beforeEach(async ({ page }) => {
  await signIn(page, "mei.chen@example.org");
});

test("results are cards that open the project", async ({ page }) => {
  await page.goto("/search-result?q=help%20an%20animal%20shelter%20with%20volunteers");
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(6);
  await expect(cards.first()).toContainText(/shelter|dog|animal|pet/i);
  await cards
    .first()
    .getByRole("link", { name: /View Project/ })
    .click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
});

test("count limits the results and the box searches again", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search-result?q=app&count=2");
  await expect(page.getByRole("article")).toHaveCount(2);
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await expect(box).toHaveValue("app");
  await box.fill("food bank");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=food\+bank&count=2/);
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("an empty term and a hopeless one say so", async ({ page }) => {
  await page.goto("/search-result?q=%20%20");
  await expect(page.getByText("Please enter a search term")).toBeVisible();
  await page.goto("/search-result?q=qwxzv");
  await expect(page.getByText("No projects found")).toBeVisible();
  await expect(page.getByText("Try refining your keywords or use different terms.")).toBeVisible();
});
