import type { Locator, Page } from "@playwright/test";
import { signUpAsGainer } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { tabAndEnter, tabTo } from "./keyboard";
import { startOwnProject } from "./work";

// Issue 17: with JavaScript, focus moves into every dialog and menu when the keyboard opens it,
// and back to what opened it when Escape or the dialog's Close button closes it.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

/** Opens the dialog from `opener` with Enter, then closes it with Escape and then with Close. */
async function checkDialog(page: Page, opener: Locator, dialog: Locator) {
  for (const close of ["Escape", "Close"] as const) {
    await tabAndEnter(page, opener);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(":focus")).toHaveCount(1);
    if (close === "Escape") await page.keyboard.press("Escape");
    else await tabAndEnter(page, dialog.getByRole("link", { name: "Close" }));
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
}

/**
 * Opens a header menu with Enter (Tabbing there backwards unless told); Tab reaches its first item
 * (or, in the notifications panel, its link to the page, past each notification's buttons);
 * Escape closes it onto its button.
 */
async function checkMenu(
  page: Page,
  summary: Locator,
  firstItem: Locator,
  { backwards = true, settled }: { backwards?: boolean; settled?: Locator } = {},
) {
  await tabAndEnter(page, summary, { backwards });
  // The notifications panel loads its list when it opens, and its buttons change with it: Tab
  // through what it settled on. ("Loading…" gone is not enough: it passes before the panel shows.)
  if (settled) await expect(settled.first()).toBeVisible();
  await tabTo(page, firstItem, { limit: 12 });
  await page.keyboard.press("Escape");
  await expect(firstItem).toBeHidden();
  await expect(summary).toBeFocused();
}

test("the work area's dialogs take focus and give it back", async ({ page }) => {
  await signUpAsGainer(page, "Fay Focus");
  const { projectId } = await startOwnProject(page);
  await page.goto(`/work/projects/${projectId}`);
  await page.keyboard.press("Tab");
  await checkDialog(page, page.getByRole("link", { name: "Add Task" }), page.getByRole("dialog", { name: "Add Task" }));
  await page.goto(`/work/projects/${projectId}?tab=milestones`);
  await page.keyboard.press("Tab");
  await checkDialog(
    page,
    page.getByRole("link", { name: "New Milestone" }),
    page.getByRole("dialog", { name: "New Milestone" }),
  );
  await page.goto(`/work/tmp/${projectId}`);
  await page.keyboard.press("Tab");
  await checkDialog(page, page.getByRole("link", { name: "New Task" }), page.getByRole("dialog", { name: "New Task" }));
  await page.goto("/work?tab=pending");
  await page.keyboard.press("Tab");
  await checkDialog(
    page,
    page.getByRole("link", { name: "Connect Repository" }).first(),
    page.getByRole("dialog", { name: "Connect Repository" }),
  );
});

test("a project's join dialog and the header's menus take focus and give it back", async ({ page, request }) => {
  await signUpAsGainer(page, "Max Menus");
  const [template] = (await (await request.get("/api/projects/templates?pageSize=1")).json()) as {
    projectId: string;
  }[];
  await page.goto(`/project/${template!.projectId}`);
  await page.keyboard.press("Tab");
  await checkDialog(
    page,
    page.getByRole("link", { name: "Create New Project" }),
    page.getByRole("dialog", { name: "Create New Project" }),
  );
  await checkMenu(
    page,
    page.locator("summary[aria-label^='Account menu']"),
    page.getByRole("link", { name: "View Profile" }),
  );
  const panel = page.getByRole("region", { name: "Notifications" });
  await checkMenu(
    page,
    page.locator("summary[aria-label^='Notifications']"),
    page.getByRole("link", { name: "See all notifications" }),
    { settled: panel.getByRole("list").or(panel.getByText("No notifications yet.")) },
  );
  await page.setViewportSize({ width: 390, height: 800 });
  await checkMenu(
    page,
    page.getByText("Menu", { exact: true }),
    page.getByRole("navigation", { name: "Mobile" }).getByRole("link").first(),
    { backwards: false },
  );
});
