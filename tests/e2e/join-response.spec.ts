import type { Browser, Page } from "@playwright/test";
import { signUpAsGainer } from "./auth";
import { withTestDatabase } from "./database";
import { expect, test } from "./fixtures";
import { apiPost, startOwnProject } from "./work";

// Two people per journey on a shared 2-core machine: each gets room to finish.
test.describe.configure({ timeout: 90_000 });

/** A running project of a new admin's, and one of its open roles. */
async function runningProject(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const admin = await context.newPage();
  await signUpAsGainer(admin, "Ada Admin");
  const { projectId, projectName } = await startOwnProject(admin);
  await apiPost(admin, `/api/projects/${projectId}/start`, {});
  const detail = (await (await admin.request.get(`/api/projects/${projectId}`)).json()) as {
    openRoles: { name: string }[];
  };
  await context.close();
  return { projectId, projectName, role: detail.openRoles[0]!.name };
}

async function askToJoin(page: Page, projectId: string, role: string): Promise<string> {
  const request = (await apiPost(page, `/api/projects/${projectId}/createrequest`, {
    requestedRole: role,
  })) as { joinRequestId: string };
  return request.joinRequestId;
}

test("cancel a pending request from the project page and from My Projects", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const { projectId, projectName, role } = await runningProject(browser, javaScriptEnabled);
  await signUpAsGainer(page, "Casey Canceller");
  await askToJoin(page, projectId, role);

  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole("button", { name: "Request Pending" })).toBeDisabled();
  await page.getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Join request cancelled." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request to Join" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Request Pending" })).toHaveCount(0);

  // The slot is free: ask again, and cancel from My Projects this time.
  await askToJoin(page, projectId, role);
  await page.goto("/work?tab=pending");
  const card = page.getByRole("article").filter({ hasText: projectName });
  await expect(card).toContainText("Your request is waiting for an admin");
  await card.getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Join request cancelled." })).toBeVisible();
  await expect(page).toHaveURL(/\/work\?tab=pending/);
  await expect(page.getByRole("article").filter({ hasText: projectName })).toHaveCount(0);
});

test("an unanswered request expires and reads like an answer", async ({ page, browser, javaScriptEnabled }) => {
  const { projectId, projectName, role } = await runningProject(browser, javaScriptEnabled);
  await signUpAsGainer(page, "Eve Expired");
  const requestId = await askToJoin(page, projectId, role);
  // Fourteen days cannot pass in a test: the request is put in the state the expiry job leaves.
  await withTestDatabase((client) =>
    client.query(
      "update join_requests set status = 'Expired', decided_at = now(), created_at = now() - interval '14 days' where id = $1",
      [requestId],
    ),
  );
  const expiredText = "Your request expired after 14 days without an answer. You can ask again.";

  await page.goto("/work?tab=pending");
  const card = page.getByRole("article").filter({ hasText: projectName });
  await expect(card.getByText("Expired", { exact: true })).toBeVisible();
  await expect(card).toContainText(expiredText);
  await expect(card.getByRole("button", { name: "Cancel request" })).toHaveCount(0);

  await card.getByRole("link", { name: "View Project" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(projectName);
  await expect(page.getByText(expiredText)).toBeVisible();
  await page.getByRole("link", { name: "Request to Join" }).click();
  const dialog = page.getByRole("dialog", { name: /Request to join/ });
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Join request sent successfully!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Request Pending" })).toBeDisabled();
  await expect(page.getByText(expiredText)).toHaveCount(0);
});

test("an approval that comes while the project page is open: the page follows, a late cancel is news", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // The admin in a browser of their own, the requester with the project page open in this one.
  const adminContext = await browser.newContext({ javaScriptEnabled });
  const admin = await adminContext.newPage();
  await signUpAsGainer(admin, "Ada Approver");
  const { projectId, projectName } = await startOwnProject(admin);
  await apiPost(admin, `/api/projects/${projectId}/start`, {});
  const detail = (await (await admin.request.get(`/api/projects/${projectId}`)).json()) as {
    openRoles: { name: string }[];
  };
  const role = detail.openRoles[0]!.name;

  await signUpAsGainer(page, "Rory Requester");
  await askToJoin(page, projectId, role);
  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole("button", { name: "Request Pending" })).toBeDisabled();

  await admin.goto(`/projects/${projectId}/join-requests`);
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Join request approved!" })).toBeVisible();
  await adminContext.close();

  if (javaScriptEnabled) {
    // The bell's live notification refreshes the open page: no stale "Request Pending".
    await expect(page.getByRole("link", { name: "Start Working" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Request Pending" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel request" })).toHaveCount(0);
  } else {
    // Without JavaScript the page stays as loaded; pressing the old Cancel is told as news.
    await page.getByRole("button", { name: "Cancel request" }).click();
    const toast = page.getByRole("status").filter({
      hasText: "This request was already approved — you are a member now.",
    });
    await expect(toast).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Start Working" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(projectName);
  }
});
