import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const section = (page: Page, name: string) => page.getByRole("region", { name });

test("All shows both sections with at most eight cards and a way to more", async ({ page }) => {
  await page.goto("/search-projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  for (const name of ["Projects Open for Joining", "Template Projects"]) {
    const cards = section(page, name).getByRole("article");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(8);
  }
  await section(page, "Template Projects").getByRole("link", { name: "Find more template projects" }).click();
  await expect(page).toHaveURL(/tab=templates/);
  await expect(page.getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
  await expect(section(page, "Projects Open for Joining")).toHaveCount(0);
});

test("Templates pages through the whole list", async ({ page }) => {
  await page.goto("/search-projects?tab=templates");
  const templates = section(page, "Template Projects");
  await expect(templates.getByText("Page 1 of")).toBeVisible();
  const firstTitle = await templates.getByRole("article").first().getByRole("heading").textContent();
  await templates.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(templates.getByText("Page 2 of")).toBeVisible();
  await expect(templates.getByRole("article").first().getByRole("heading")).not.toHaveText(firstTitle!);
  await templates.getByRole("link", { name: "← Previous" }).click();
  await expect(templates.getByText("Page 1 of")).toBeVisible();
});

test("a search term from the address fills the box and ranks the cards", async ({ page }) => {
  await page.goto("/search-projects?q=Firebase");
  await expect(page.getByRole("searchbox", { name: "Search projects" })).toHaveValue("Firebase");
  const cards = section(page, "Projects Open for Joining").getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText(/firebase/i);
  await expect(cards.first()).toContainText("Matched: firebase");
});

test("a language's sign is part of its name: 'C#' finds C# projects, not C++ ones", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/search-projects");
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await box.fill("C#");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=C%23/);
  await expect(box).toHaveValue("C#");
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("Matched: c#");
  await expect(cards.filter({ hasText: "Chess Engine in C++" })).toHaveCount(0);
});

// Issue 34: the visitor's box is the one ranked search, signed out, with or without JavaScript.
for (const width of [390, 1280]) {
  test(`a visitor's words are ranked, each card says why (${width} px)`, async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const open = section(page, "Projects Open for Joining");
    const searches: [string, RegExp, RegExp][] = [
      ["help a food bank", /Food Pantry Inventory Tracker/, /Matched: food, bank/],
      ["track donations", /Neighborhood Grocery Donation Log/, /Matched: donations/],
      ["food pantry invetory", /Food Pantry Inventory Tracker/, /Spelling: invetory → inventory/],
    ];
    for (const [index, [words, expected, reason]] of searches.entries()) {
      await page.goto("/search-projects");
      const box = page.getByRole("searchbox", { name: "Search projects" });
      await box.fill(words);
      if (javaScriptEnabled) await box.press("Enter");
      else await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(words).replace(/%20/g, "\\+")}`));
      await expect(page.getByText("No active projects available for joining")).toHaveCount(0);
      const cards = open.getByRole("article");
      await expect(cards.first()).toBeVisible();
      // Best first: what the words ask for is among the first cards, with its reason.
      const top = cards.filter({ hasText: expected }).first();
      await expect(top).toBeVisible();
      await expect(top).toContainText(reason);
      expect(await cards.count()).toBeLessThanOrEqual(8);
      for (const card of await cards.all())
        await expect(card).toContainText(/Matched|Spelling|Similar meaning|Loosely related/);
      // A word without a topic is never a reason.
      await expect(page.locator("article p", { hasText: /(Matched|Spelling):.*\b(help|want|a)\b/ })).toHaveCount(0);
      const shot = testInfo.outputPath(`catalogue-search-${index}-${width}.png`);
      await page.screenshot({ path: shot, fullPage: width === 390 ? false : true });
    }
  });
}

test("typing a term and searching filters; nonsense finds nothing", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search-projects");
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await box.fill("zzqxj wvvkq");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=zzqxj/);
  await expect(page.getByText("No active projects available for joining")).toBeVisible();
  await expect(page.getByText("No template projects available")).toBeVisible();
});

test("filters narrow the list, show as chips and clear", async ({ page }) => {
  await page.goto("/search-projects?tab=open");
  const total = Number(
    (await section(page, "Projects Open for Joining")
      .getByText(/\d+ projects?$/)
      .textContent())!.split(" ")[0],
  );
  await page.getByText("Filters", { exact: true }).click();
  await page.getByLabel("Difficulty").selectOption("Beginner");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/difficulty=Beginner/);
  await expect(page.getByText("Filters (1)")).toBeVisible();
  const filtered = Number(
    (await section(page, "Projects Open for Joining")
      .getByText(/\d+ projects?$/)
      .textContent())!.split(" ")[0],
  );
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(total);
  const firstCard = section(page, "Projects Open for Joining").getByRole("article").first();
  await firstCard.getByRole("link", { name: /View Project/ }).click();
  await expect(page.getByRole("list", { name: "Project facts" })).toContainText("Beginner");
  await page.goBack();
  await page.getByRole("list", { name: "Active filters" }).getByRole("link").click();
  await expect(page).not.toHaveURL(/difficulty=Beginner/);
  await expect(page.getByText("Filters (1)")).toHaveCount(0);
});

test("a card opens with the keyboard: Enter always, Space with JavaScript", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search-projects?tab=open");
  const link = page
    .getByRole("article")
    .first()
    .getByRole("link", { name: /View Project/ });
  await link.focus();
  await page.keyboard.press(javaScriptEnabled ? "Space" : "Enter");
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
});

test("an empty search offers Clear search, which brings the projects back", async ({ page }) => {
  await page.goto("/search-projects?tab=open&q=zzqxv");
  await expect(page.getByText("No active projects available for joining")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\?tab=open$/);
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("the Filters toggle says whether it is open", async ({ page }) => {
  await page.goto("/search-projects");
  const toggle = page.locator("summary", { hasText: "Filters" });
  await expect(toggle).toContainText("Show");
  await toggle.click();
  await expect(toggle).toContainText("Hide");
  await expect(page.getByLabel("Difficulty")).toBeVisible();
});

// Issue 33: the address holds the trimmed term and no empty filters, with or without JavaScript
// (without it the browser sends every field and the server redirects to the clean address).
test("the term goes into q trimmed; empty filters stay out of the address", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search-projects");
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await box.fill("   react   ");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search-projects\?q=react$/);
  await expect(box).toHaveValue("react");

  await page.getByText("Filters", { exact: true }).click();
  await box.fill("  ");
  await page.getByLabel("Difficulty").selectOption("Beginner");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/search-projects\?difficulty=Beginner$/);
  await expect(page.getByText("Filters (1)")).toBeVisible();
});

test("a blank term on a bare catalogue does nothing", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search-projects?tab=open");
  const box = page.getByRole("searchbox", { name: "Search projects" });
  await box.fill("   ");
  if (javaScriptEnabled) await box.press("Enter");
  else await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search-projects\?tab=open$/);
});
