import { signIn } from "./auth";
import { expect, test } from "./fixtures";

// With JavaScript the header's menus behave like menus: they close on navigation, Escape and a
// click outside, and only one is open at a time (without it they are plain <details>).
test.describe("header menus on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the mobile menu closes after a link is followed, on Escape and on an outside click", async ({ page }) => {
    await page.goto("/");
    const summary = page.getByText("Menu", { exact: true });
    const menu = page.getByRole("navigation", { name: "Mobile" });

    await summary.click();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();

    await summary.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(summary).toBeFocused();

    await summary.click();
    await page.mouse.click(200, 780);
    await expect(menu).toBeHidden();
  });

  test("opening the account menu closes the mobile menu", async ({ page }) => {
    await signIn(page, "grace.mensah@example.org");
    await page.goto("/about");
    await page.getByText("Menu", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.locator("summary[aria-label^='Account menu']").click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Log Out" })).toBeHidden();
  });
});
