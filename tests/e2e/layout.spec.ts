import { expect, test } from "./fixtures";

test("header links lead to their pages", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1, name: "About Gainers Hub" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Learn" }).click();
  await expect(page.getByText("Coming Soon")).toBeVisible();
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the mobile menu opens and navigates on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Browse Projects" }).click();
  await expect(page).toHaveURL(/\/search-projects$/);
});

test("the footer has the year and its links", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Gainers Hub`);
  await expect(footer.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("rel", "noopener noreferrer");
  await footer.getByRole("link", { name: "Terms" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
  await expect(page.getByRole("link", { name: "hello@gainershub.org" })).toBeVisible();
});

test("About's call to action goes home; /home-page and /learn find their pages", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("link", { name: "Get Started Today" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/home-page");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/learn");
  await expect(page.getByText("Coming Soon")).toBeVisible();
});

test.describe("not found", () => {
  test.use({ allowedConsoleErrors: [/404 \(Not Found\)/] });

  test("an unknown address answers 404 with a way back", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("sign-in is offered to visitors", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
});
