import { expect, test } from "./fixtures";
import { signIn } from "./auth";

/**
 * My Projects with a panel open (issue 9): the panel sits above the list at full width, the page
 * lands on it, and the cards keep their width, at 390 px and 1280 px, with JavaScript on and off.
 */

for (const width of [390, 1280]) {
  test(`at ${width} px the Join Requests panel is above the cards, which keep their width`, async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, "grace.mensah@example.org");
    await page.goto("/work?tab=active");
    const view = page.getByRole("link", { name: /View Requests/ }).first();
    await expect(view).toHaveAccessibleName(/View Requests \(\d+ waiting\)/);
    await view.click();
    await expect(page).toHaveURL(/requests=.*#dialog$/);
    const panel = page.getByRole("dialog", { name: "Join Requests" });
    await expect(panel).toBeVisible();
    await expect(panel).toBeInViewport();
    const cards = page.getByRole("article");
    const cardBox = (await cards.first().boundingBox())!;
    expect(cardBox.width).toBeGreaterThan(width === 390 ? 300 : 240);
    if (!javaScriptEnabled) {
      // A page section, above the list.
      const panelBox = (await panel.boundingBox())!;
      expect(panelBox.y).toBeLessThan(cardBox.y);
    }
  });
}

test("with JavaScript the dialog stays pinned while the page scrolls", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "a modal needs JavaScript; without it the panel is part of the page");
  await page.setViewportSize({ width: 1280, height: 700 });
  await signIn(page, "grace.mensah@example.org");
  await page.goto("/work?tab=active");
  await page
    .getByRole("link", { name: /View Requests/ })
    .first()
    .click();
  const panel = page.getByRole("dialog", { name: "Join Requests" });
  const before = (await panel.boundingBox())!;
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  const after = (await panel.boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThan(2);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});
