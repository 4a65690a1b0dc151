import { signIn, signUpAsGainer } from "./auth";
import { expect, test } from "./fixtures";
import { apiPost, firstCardWorkPage, startOwnProject } from "./work";

// Issue 33 (one voice): one word per task state, one date style with the exact time of every
// relative one, dialogs and summaries that name their project, a pending card that says what
// was asked and when.

test("a task's status reads the same in the list, the chip, the toast and the columns", async ({
  page,
  javaScriptEnabled,
}) => {
  await signUpAsGainer(page, "Vera Voice");
  const { projectId } = await startOwnProject(page);
  const { taskId } = (await apiPost(page, `/api/projects/${projectId}/tasks`, { title: "Say it once" })) as {
    taskId: string;
  };
  await page.goto(`/work/projects/${projectId}/tasks/${taskId}`);
  const status = page.getByLabel("Status");
  await expect(status.locator("option")).toHaveText(["To Do", "In Progress", "Blocked", "Completed"]);
  await status.selectOption({ label: "Completed" });
  // With JavaScript the change saves itself; without, its button saves it.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("status")).toContainText("Status changed to Completed.");
  await page.goto(`/work/projects/${projectId}?tab=tasks&assignee=anyone`);
  await expect(page.getByRole("region", { name: /^Completed/ })).toContainText("Say it once");
});

test("a relative time tells its exact date and time on focus and to screen readers", async ({ page }) => {
  // Starting a project earns achievements: notifications with their times.
  await signUpAsGainer(page, "Tim Times");
  await startOwnProject(page);
  await page.goto("/notifications");
  const time = page.locator("main time").first();
  await expect(time).toHaveAttribute("title", /^\w{3} \d+, \d{4}, \d\d:\d\d UTC$/);
  const exact = (await time.getAttribute("title"))!;
  await expect(time.locator(".sr-only")).toHaveText(` (${exact})`);
  await time.focus();
  await expect(time).toBeFocused();
  const tip = await time.evaluate((element) => getComputedStyle(element, "::after").content);
  expect(tip).toBe(`"${exact}"`);
});

test("dates follow the person's language", async ({ browser, javaScriptEnabled }) => {
  const context = await browser.newContext({ locale: "en-GB", javaScriptEnabled });
  const page = await context.newPage();
  await signUpAsGainer(page, "Bea British");
  await startOwnProject(page);
  await page.goto("/notifications");
  await expect(page.locator("main time").first()).toHaveAttribute("title", /^\d+ \w{3} \d{4}, \d\d:\d\d UTC$/);
  await context.close();
});

test("the Smart Summary is one name; a project's summary names the project", async ({ page }) => {
  await signIn(page, "grace.mensah@example.org", "/work");
  const menu = page.getByRole("navigation", { name: "Work area" });
  await expect(menu.getByRole("link", { name: "Smart Summary" })).toBeVisible();
  await expect(menu.getByText("AI Insight")).toHaveCount(0);
  const work = await firstCardWorkPage(page);
  const projectId = work.split("/")[3]!;
  const name = (await (await page.request.get(`/api/projects/${projectId}`)).json()).projectName as string;
  await page.goto(`/ai-insight/${projectId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Smart Summary: ${name}`);
});

test("dialogs name their project; Add Task opens on its Title", async ({ page, javaScriptEnabled }) => {
  await signIn(page, "grace.mensah@example.org", "/work");
  await page
    .getByRole("link", { name: /View Requests/ })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /^Join Requests — \S.+/ })).toBeVisible();
  await page.goto("/work");
  const work = await firstCardWorkPage(page);
  await page.goto(`${work}?tab=tasks`);
  const name = await page.getByRole("heading", { level: 1 }).textContent();
  await page.getByRole("link", { name: "Add Task" }).click();
  const dialog = page.getByRole("dialog", { name: `Add Task — ${name}` });
  await expect(dialog).toBeVisible();
  if (javaScriptEnabled) await expect(dialog.getByLabel("Title")).toBeFocused();
});

test("a pending request's card says the role asked for and when", async ({ page }) => {
  await signUpAsGainer(page, "Rhea Requester");
  const active = (await (await page.request.get("/api/projects/active?pageSize=1")).json()) as { projectId: string }[];
  const detail = (await (await page.request.get(`/api/projects/${active[0]!.projectId}`)).json()) as {
    projectName: string;
    openRoles?: (string | { name: string })[];
  };
  const open = detail.openRoles?.[0];
  const role = typeof open === "string" ? open : open!.name;
  await apiPost(page, `/api/projects/${active[0]!.projectId}/createrequest`, { requestedRole: role, message: "" });
  await page.goto("/work?tab=pending");
  const card = page.getByRole("article").filter({ hasText: detail.projectName });
  await expect(card).toContainText(new RegExp(`You asked to join as ${role} on \\w{3} \\d+, \\d{4}\\.`));
});
