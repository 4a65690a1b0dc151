import type { Page } from "@playwright/test";
import { signUpAsGainer } from "./auth";
import { expect, test } from "./fixtures";
import { apiPost, startOwnProject } from "./work";

// The live bell (JavaScript): another person's action reaches the admin's bell without a reload,
// through the notification hub; the panel reads, decides and persists.

async function askToJoin(page: Page, projectId: string): Promise<void> {
  const detail = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as {
    openRoles?: (string | { name: string })[];
    requiredRoles?: { name: string }[];
  };
  const open = detail.openRoles?.[0] ?? detail.requiredRoles?.[0];
  const role = typeof open === "string" ? open : open?.name;
  await apiPost(page, `/api/projects/${projectId}/createrequest`, { requestedRole: role, message: "Live bell test." });
}

/** An admin of a started project, on a page with the live bell. */
async function adminWithProject(page: Page) {
  await signUpAsGainer(page, "Ada Admin");
  const project = await startOwnProject(page);
  await page.request.post(`/api/projects/${project.projectId}/start`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  await page.goto("/about");
  // Starting a project earned two achievements: read them, so the bell starts quiet.
  await bellOf(page).click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel.getByText('You earned 2 achievements: "First Project" and "Project Founder".')).toBeVisible();
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bellOf(page)).toHaveAttribute("aria-label", "Notifications");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  return project;
}

const bellOf = (page: Page) => page.locator("summary[aria-label^='Notifications']");

test("a join request updates the admin's bell without a reload; Mark all read persists", async ({ browser, page }) => {
  test.slow(); // two people sign up on a busy machine
  const { projectId, projectName } = await adminWithProject(page);
  const bell = bellOf(page);
  const panel = page.getByRole("region", { name: "Notifications" });
  await bell.click();
  await expect(panel.getByText("Connected", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  const other = await browser.newContext();
  const rui = await other.newPage();
  await signUpAsGainer(rui, "Rui Requester");
  await askToJoin(rui, projectId);
  await other.close();

  // No reload: the hub pushed it.
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");
  await expect(bell.getByText("1", { exact: true })).toBeVisible();

  await bell.click();
  const item = panel.getByRole("listitem").filter({ hasText: `Rui Requester asked to join ${projectName}` });
  await expect(item).toBeVisible();
  await expect(item.getByText("Just now")).toBeVisible();
  await expect(item.getByText(`Because you are an admin of ${projectName}`)).toBeVisible();
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell).toHaveAttribute("aria-label", "Notifications");
  await page.reload();
  await expect(bellOf(page)).toHaveAttribute("aria-label", "Notifications");
});

test("a request arriving while the panel is open is listed and approved there; the requester hears live", async ({
  browser,
  page,
}) => {
  test.slow();
  const { projectId } = await adminWithProject(page);
  const panel = page.getByRole("region", { name: "Notifications" });
  await bellOf(page).click();
  await expect(panel.getByText("Connected", { exact: true })).toBeVisible();

  const other = await browser.newContext();
  const lin = await other.newPage();
  await signUpAsGainer(lin, "Lin Latecomer");
  await askToJoin(lin, projectId);
  await lin.goto("/about");
  await expect(bellOf(lin)).toHaveAttribute("aria-label", "Notifications");

  const item = panel.getByRole("listitem").filter({ hasText: "Lin Latecomer asked to join" });
  await expect(item).toBeVisible();
  await expect(bellOf(page)).toHaveAttribute("aria-label", "Notifications, 1 unread");
  // What the admin decides on: the applicant's message and their profile.
  await expect(item.getByText("“Live bell test.”")).toBeVisible();
  await expect(item.getByRole("link", { name: "View Lin Latecomer’s profile" })).toHaveAttribute(
    "href",
    /^\/profile\/gainer\/[\w-]+$/,
  );
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item.getByText("Join request approved!")).toBeVisible();
  // What was decided stays with the entry.
  await expect(item.getByText("Approved by you")).toBeVisible();
  // The request is read; deciding it earned the admin 'Gatekeeper'.
  await expect(panel.getByText('You earned "Gatekeeper"')).toBeVisible();
  await expect(bellOf(page)).toHaveAttribute("aria-label", "Notifications, 1 unread");

  // The requester's bell, open on another page all along, counts the approval and the
  // achievement it earned (First Project).
  await expect(bellOf(lin)).toHaveAttribute("aria-label", "Notifications, 2 unread");
  await other.close();
});

test("the panel marks one notification read; its badge counts exactly what it lists as unread", async ({
  browser,
  page,
}) => {
  test.slow();
  const { projectId: quiet } = await adminWithProject(page);
  const { projectId, projectName } = await startOwnProject(page);
  await page.request.post(`/api/projects/${projectId}/start`, { headers: { Origin: new URL(page.url()).origin } });
  // One project muted: its requests are listed on the notifications page, not counted, not in the panel.
  await page.goto(`/work/projects/${quiet}`);
  await page.getByRole("button", { name: "Mute notifications" }).click();
  await expect(page.getByRole("button", { name: "Subscribe to notifications" })).toBeVisible();
  await page.goto("/notifications");
  await expect(page.getByText("You're all caught up.")).toBeVisible();

  for (const [name, project] of [
    ["Mo Muted", quiet],
    ["Una Unread", projectId],
  ] as const) {
    const other = await browser.newContext();
    const asker = await other.newPage();
    await signUpAsGainer(asker, name);
    await askToJoin(asker, project);
    await other.close();
  }
  await page.goto("/about");
  const bell = bellOf(page);
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");

  await bell.click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel.getByRole("heading", { name: "Notifications · 1 unread" })).toBeVisible();
  const item = panel.getByRole("listitem").filter({ hasText: `Una Unread asked to join ${projectName}` });
  await expect(item.getByText("Unread:")).toHaveCount(1);
  await expect(panel.getByText("Mo Muted asked to join")).toHaveCount(0);
  await expect(panel.getByText("Unread:")).toHaveCount(1);
  // Keyboard: the item's own button, named after it.
  await item.getByRole("button", { name: "Mark as read: New join request" }).focus();
  await page.keyboard.press("Enter");
  await expect(bell).toHaveAttribute("aria-label", "Notifications");
  await expect(panel.getByRole("heading", { name: "Notifications · all read" })).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Mark as read/ })).toHaveCount(0);
  // Marking is not opening: the panel stays and so does the page.
  await expect(page).toHaveURL(/\/about$/);
  await expect(item).toBeVisible();

  await page.reload();
  await expect(bellOf(page)).toHaveAttribute("aria-label", "Notifications");
  await page.goto("/notifications");
  await expect(page.getByRole("listitem").filter({ hasText: "Mo Muted asked to join" })).toContainText("muted project");
});
