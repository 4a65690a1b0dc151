import { forgetSession, signUpAsGainer, uniqueEmail } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { tabAndEnter, tabTo } from "./keyboard";
import { startOwnProject } from "./work";

// Issue 17: the main journeys with the keyboard alone (Tab, Enter, arrows, typing), with
// JavaScript on and off. Set-up that is not the journey (making people and projects) uses the API.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test("signing in with the development identity provider", async ({ page }) => {
  await page.goto("/");
  await tabAndEnter(page, page.getByRole("link", { name: "Sign in" }));
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(uniqueEmail("keys"));
  await page.keyboard.press("Enter");
  // A new person is asked for a role first.
  await expect(page).toHaveURL(/\/choose-role/);
});

test("joining a project with a role", async ({ page, javaScriptEnabled }) => {
  await signUpAsGainer(page, "Ada Admin");
  const { projectId } = await startOwnProject(page);
  const started = await page.request.post(`/api/projects/${projectId}/start`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(started.ok()).toBe(true);
  await forgetSession(page);
  await signUpAsGainer(page, "Kim Keys");

  await page.goto(`/project/${projectId}`);
  await tabAndEnter(page, page.getByRole("link", { name: "Request to Join" }));
  const dialog = page.getByRole("dialog", { name: /Request to join/ });
  await expect(dialog).toBeVisible();
  if (javaScriptEnabled) await expect(dialog.locator(":focus")).toHaveCount(1);
  await tabTo(page, dialog.getByLabel("Role"));
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByLabel("Role")).not.toHaveValue("");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Message")).toBeFocused();
  await page.keyboard.type("I can help with the keyboard.");
  await tabAndEnter(page, dialog.getByRole("button", { name: "Send Request" }));
  await expect(page.getByRole("status")).toContainText("Join request sent successfully!");
  await expect(page.getByRole("button", { name: "Request Pending" })).toBeDisabled();
});

test("adding a task, moving it, and writing a forum post", async ({ page, javaScriptEnabled }) => {
  await signUpAsGainer(page, "Tab Tasker");
  const { projectId } = await startOwnProject(page);
  await page.goto(`/work/projects/${projectId}`);

  await tabAndEnter(page, page.getByRole("link", { name: "Add Task" }));
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  await tabTo(page, dialog.getByLabel("Title"));
  await page.keyboard.type("Keyboard task");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText('Task "Keyboard task" added.');

  await tabAndEnter(page, page.getByRole("region", { name: /^To Do/ }).getByRole("link", { name: /Keyboard task/ }));
  await expect(page.getByRole("heading", { name: "Keyboard task" })).toBeVisible();
  await tabTo(page, page.getByLabel("Status"));
  await page.keyboard.press("ArrowDown");
  if (!javaScriptEnabled) await tabAndEnter(page, page.getByRole("button", { name: "Update status" }));
  await expect(page.getByRole("status")).toContainText("Status changed to In Progress.");

  await tabAndEnter(page, page.getByRole("link", { name: "Back to Project" }));
  await tabAndEnter(
    page,
    page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Forum" }),
  );
  await tabTo(page, page.getByLabel("New post"));
  await page.keyboard.type("Written without a mouse.");
  await tabAndEnter(page, page.getByRole("button", { name: "Post", exact: true }));
  await expect(page.getByRole("article").filter({ hasText: "Written without a mouse." })).toBeVisible();
});
