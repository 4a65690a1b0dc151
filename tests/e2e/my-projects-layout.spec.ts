import { expect, test } from "./fixtures";
import { signIn, signUpAsGainer } from "./auth";

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

test("My Projects pages through a long list like the catalogue", async ({ page }) => {
  await signUpAsGainer(page, "Paula Pager");
  const [template] = await (await page.request.get("/api/projects/templates?pageSize=1")).json();
  const detail = await (await page.request.get(`/api/projects/template/${template.projectId}`)).json();
  const selectedRole = detail.requiredRoles?.[0]?.name ?? detail.requiredRoles?.[0];
  for (let made = 0; made < 13; made++) {
    const response = await page.request.post(`/api/projects/start-from-template?templateId=${template.projectId}`, {
      data: selectedRole ? { selectedRole } : {},
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto("/work?tab=pending");
  await expect(page.getByRole("article")).toHaveCount(12);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/tab=pending&page=2/);
  await expect(page.getByRole("article")).toHaveCount(1);
});
