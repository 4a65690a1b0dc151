import { expect, test } from "./fixtures";

/** Typing behaviour of the hero search: JavaScript only (the no-js project skips *.js-only files). */
test("blank input is ignored and Shift+Enter makes a new line", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("textbox", { name: "What would you like to work on?" });
  await box.fill("   ");
  await box.press("Enter");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/$/);
  await box.fill("line one");
  await box.press("Shift+Enter");
  await box.pressSequentially("line two");
  await expect(box).toHaveValue("line one\nline two");
  await expect(page).toHaveURL(/\/$/);
});

test("the placeholder types example searches", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("textbox", { name: "What would you like to work on?" });
  const first = await box.getAttribute("placeholder");
  await expect.poll(async () => box.getAttribute("placeholder"), { timeout: 5_000 }).not.toBe(first);
  await expect
    .poll(async () => (await box.getAttribute("placeholder"))?.length ?? 0, { timeout: 5_000 })
    .toBeGreaterThan(10);
});
