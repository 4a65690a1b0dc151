import type { Page } from "@playwright/test";
import { signIn } from "./auth";
import { expect, test } from "./fixtures";
import { firstCardWorkPage } from "./work";

// Issue 33: the work first. Bounding boxes at 390 x 844 (a phone) and 1280 px, JavaScript on and off.

async function firstWorkPage(page: Page): Promise<string> {
  await signIn(page, "grace.mensah@example.org", "/work");
  return firstCardWorkPage(page);
}

const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;

for (const width of [390, 1280]) {
  test(`the work page's tabs sit on one line and the first task is on the first screen (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const work = await firstWorkPage(page);
    await page.goto(`${work}?tab=tasks`);
    const tabs = page.getByRole("navigation", { name: "Project sections" }).getByRole("link");
    await expect(tabs).toHaveCount(4);
    const tops = await Promise.all((await tabs.all()).map(top));
    expect(new Set(tops).size, `tab tops ${tops}`).toBe(1);
    // The menu of the work area is one line too.
    const menu = page.getByRole("navigation", { name: "Work area" }).getByRole("link");
    if (width === 390) expect(new Set(await Promise.all((await menu.all()).map(top))).size).toBe(1);
    const firstTask = page.getByRole("region", { name: /^(To Do|In Progress|Blocked|Completed)/ }).getByRole("link");
    const taskTop = await top(firstTask.first());
    expect(taskTop, "the first task's top").toBeLessThan(844);
    // Mute sits in the row of facts under the title, not alone on a line of its own.
    const mute = page.getByRole("button", { name: /Mute notifications|Subscribe to notifications/ });
    const role = page.getByText(/^You: /);
    const [muteBox, roleBox] = [(await mute.boundingBox())!, (await role.boundingBox())!];
    expect(Math.abs(muteBox.y + muteBox.height / 2 - (roleBox.y + roleBox.height / 2))).toBeLessThan(12);
  });

  test(`milestone cards keep their buttons in two tidy rows (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const work = await firstWorkPage(page);
    await page.goto(`${work}?tab=milestones`);
    const cards = page.getByRole("region", { name: /^(Planned|Active|Completed)/ }).getByRole("listitem");
    const card = cards.filter({ has: page.getByRole("button", { name: /Move to/ }) }).first();
    const moves = card.getByRole("button", { name: /Move to/ });
    await expect(moves).toHaveCount(2);
    const [a, b] = [(await moves.nth(0).boundingBox())!, (await moves.nth(1).boundingBox())!];
    expect(a.y).toBe(b.y);
    expect(a.height).toBe(b.height);
    const edit = (await card.getByRole("link", { name: /^Edit / }).boundingBox())!;
    const remove = (await card.getByRole("link", { name: /^Delete / }).boundingBox())!;
    expect(edit.y).toBe(remove.y);
    expect(edit.y).toBeGreaterThan(a.y + a.height - 1);
  });
}

test("on a phone a search result card is compact: a small cover, 12 results well under 6,800 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "grace.mensah@example.org", "/search-result?q=app&count=12");
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(5);
  for (const card of (await cards.all()).slice(0, 3)) {
    const cover = (await card.locator("svg[aria-hidden='true'], img").first().boundingBox())!;
    expect(cover.height).toBeLessThanOrEqual(96);
    expect((await card.boundingBox())!.height).toBeLessThan(320);
    // The square cover shows the initials whole, inside it, and no cut-off cause label.
    const shown = card.locator("svg[aria-hidden='true'] text:visible");
    await expect(shown).toHaveCount(1);
    const initials = (await shown.boundingBox())!;
    expect(initials.x).toBeGreaterThanOrEqual(cover.x);
    expect(initials.x + initials.width).toBeLessThanOrEqual(cover.x + cover.width);
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height / count).toBeLessThan(400);
  await page.setViewportSize({ width: 1280, height: 844 });
  const wide = (await cards.first().locator("svg[aria-hidden='true'], img").first().boundingBox())!;
  expect(wide.width).toBeGreaterThan(200);
});
