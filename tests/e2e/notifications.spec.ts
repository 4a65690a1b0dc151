import type { Page } from "@playwright/test";
import { signUpAsGainer } from "./auth";
import { expect, test } from "./fixtures";
import { apiPost, startOwnProject } from "./work";

// Two people on a shared 2-core machine: each journey gets room to finish.
test.describe.configure({ timeout: 120_000 });

/** The admin's running project and a second person's pending request to join it. */
async function projectWithRequest(admin: Page, asker: Page) {
  await signUpAsGainer(admin, "Nia Notified");
  const project = await startOwnProject(admin);
  await admin.request.post(`/api/projects/${project.projectId}/start`, {
    headers: { Origin: new URL(admin.url()).origin },
  });
  await signUpAsGainer(asker, "Rey Requester");
  const detail = (await (await asker.request.get(`/api/projects/${project.projectId}`)).json()) as {
    openRoles?: (string | { name: string })[];
  };
  const open = detail.openRoles?.[0];
  const role = typeof open === "string" ? open : open!.name;
  await apiPost(asker, `/api/projects/${project.projectId}/createrequest`, { requestedRole: role, message: "Hello" });
  return { ...project, role };
}

const item = (page: Page, title: string) => page.getByRole("listitem").filter({ hasText: title });

test("an admin decides a join request from its notification; the requester hears of it", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const asker = await (await browser.newContext({ javaScriptEnabled })).newPage();
  const { projectName, role } = await projectWithRequest(page, asker);

  await page.goto("/");
  // The request, and the two achievements of starting a project, told together (First Project,
  // Project Founder).
  const bell = page.getByRole("link", { name: "Notifications, 2 unread" });
  if (javaScriptEnabled) await page.goto("/notifications");
  else await bell.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByText("2 unread")).toBeVisible();
  await expect(item(page, "Achievements earned")).toContainText(
    'You earned 2 achievements: "First Project" and "Project Founder".',
  );
  const request = item(page, "New join request");
  await expect(request).toContainText(`Rey Requester asked to join ${projectName} as ${role}.`);
  // The exact time follows the relative one for screen readers (and on hover or focus).
  await expect(request.locator("time")).toHaveText(/^Just now \(\w{3} \d+, \d{4}, \d\d:\d\d UTC\)$/);
  await expect(request).toContainText(`UTC) · Because you are an admin of ${projectName}`);
  // What the admin decides on: the applicant's message and their profile.
  await expect(request.getByText("“Hello”")).toBeVisible();
  await expect(request.getByRole("link", { name: "View Rey Requester’s profile" })).toHaveAttribute(
    "href",
    /^\/profile\/gainer\/[\w-]+$/,
  );
  await request.getByLabel("Reason (optional)").fill("Welcome aboard");
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status")).toContainText("Join request approved!");
  // Decided: read, no longer offers a decision, and says what was decided, with the reason.
  await expect(item(page, "New join request").getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(item(page, "New join request")).toContainText("Approved by you: Welcome aboard");
  // The request is read; deciding it earned the admin 'Gatekeeper'.
  await expect(item(page, 'You earned "Gatekeeper"')).toBeVisible();
  await expect(page.getByText("2 unread")).toBeVisible();

  await asker.goto("/notifications");
  const approved = item(asker, "Join request approved");
  await expect(approved).toContainText(`You joined ${projectName} as ${role}.`);
  await expect(approved).toContainText(`Because you asked to join ${projectName}`);
  // Opening it reads it and goes to the project's tasks.
  await approved.getByRole("button", { name: "Unread: Join request approved", exact: true }).click();
  await expect(asker).toHaveURL(/\/work\/projects\/[\w-]+\?tab=tasks$/);
  await asker.goto("/notifications");
  // Left unread: joining earned the requester 'First Project'.
  await expect(asker.getByText("1 unread")).toBeVisible();
  await expect(item(asker, "Achievement earned")).toContainText('You earned "First Project"');
  await asker.context().close();
});

test("mark read, remove, mark all read and clear all (after confirming); a muted project stays quiet", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const asker = await (await browser.newContext({ javaScriptEnabled })).newPage();
  const { projectId, projectName } = await projectWithRequest(page, asker);
  await page.goto(`/work/projects/${projectId}`);
  await page.getByRole("button", { name: "Mute notifications" }).click();
  await expect(page.getByRole("status")).toContainText(`Notifications from ${projectName} are muted.`);
  await expect(page.getByRole("button", { name: "Subscribe to notifications" })).toBeVisible();

  const { joinRequestId } = (await (await asker.request.get(`/api/projects/${projectId}/myrequests`)).json())[0] as {
    joinRequestId: string;
  };
  await apiPost(page, `/api/projects/${projectId}/join-requests/${joinRequestId}/decision`, { isApproved: true });
  await apiPost(asker, `/api/projects/${projectId}/tasks`, { title: "Quiet task" });

  await page.goto("/notifications");
  // Everything from the muted project is listed but not counted; the admin's achievements (First
  // Project and Project Founder together, then Gatekeeper) belong to no project and are.
  await expect(page.getByText("2 unread")).toBeVisible();
  await expect(item(page, "New task")).toContainText("muted project");
  await expect(item(page, "New join request")).toContainText("muted project");

  await item(page, "New join request")
    .getByRole("button", { name: /^Mark as read/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Marked as read.");
  await expect(item(page, "New join request").getByRole("button", { name: /^Mark as read/ })).toHaveCount(0);
  await item(page, "New task")
    .getByRole("button", { name: /^Remove notification/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Notification removed.");
  await expect(item(page, "New task")).toHaveCount(0);

  await page.goto(`/work/projects/${projectId}`);
  await page.getByRole("button", { name: "Subscribe to notifications" }).click();
  await expect(page.getByRole("status")).toContainText(`You will be notified about ${projectName} again.`);
  await apiPost(asker, `/api/projects/${projectId}/tasks`, { title: "Loud task" });
  await page.goto("/");
  // The bell: a link without JavaScript, the live panel's disclosure with it.
  await expect(page.locator("[aria-label='Notifications, 3 unread']")).toBeVisible();

  await page.goto("/notifications");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("You're all caught up.")).toBeVisible();
  await page.getByRole("link", { name: "Clear all" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Remove all your notifications? This cannot be undone.");
  await page.getByRole("alertdialog").getByRole("button", { name: "Clear all" }).click();
  await expect(page.getByRole("status")).toContainText("All notifications cleared.");
  await expect(page.getByText("No notifications yet")).toBeVisible();
  await asker.context().close();
});

test("the notifications page asks visitors to sign in and comes back", async ({ page }) => {
  await page.goto("/notifications");
  // A demo person, whose profile is finished, is sent straight back.
  await page.getByLabel("Email").fill("grace.mensah@example.org");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
});
