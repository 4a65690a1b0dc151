import { expect, test } from "./fixtures";

test("home shows the hero text", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Let your skills shine. Gain real experience today." })).toBeVisible();
});
