import type { Page } from "@playwright/test";
import { signUpAsGainer } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { apiPost, joinProject, screenshotsIn, startOwnProject } from "./work";

/**
 * Teamwork on a task (issue 35), with JavaScript on and off, at a phone's and a desktop's width:
 * edit a task (and see the refusal of a bad one), reassign it to a teammate, discuss it, read its
 * history, and filter the board from its address. Screenshots of each new state go to
 * test-results/task-teamwork/ for a person to look at.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const shoot = screenshotsIn("test-results/task-teamwork");

async function newTask(page: Page, projectId: string, data: Record<string, unknown>) {
  return (await apiPost(page, `/api/projects/${projectId}/tasks`, data)) as { taskId: string };
}

test.describe("teamwork on a task", () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ allowedConsoleErrors: [/40[034]/] });

  test("edit a task, see a refused edit, reassign it and read who changed what", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const project = testInfo.project.name;
    await signUpAsGainer(page, "Ines Lead");
    const { projectId } = await startOwnProject(page);
    const mate = await (await browser.newContext({ javaScriptEnabled })).newPage();
    await signUpAsGainer(mate, "Pavel Mate");
    await joinProject(page, mate, projectId);
    const { taskId } = await newTask(page, projectId, { title: "Draft the survey", priority: "Low" });
    const here = `/work/projects/${projectId}/tasks/${taskId}`;

    await page.goto(here);
    await expect(page.getByRole("heading", { name: "Draft the survey" })).toBeVisible();
    await expect(page.getByText("No comments yet — start the discussion.")).toBeVisible();
    await shoot(page, project, "new-task");

    // A title of spaces passes the browser's own check; the schema refuses it, in place.
    await page.getByRole("link", { name: "Edit task" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByRole("button", { name: "Save Task" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Task" }).getByText("Title is required")).toBeVisible();
    await shoot(page, project, "edit-refused");

    const editor = page.getByRole("dialog", { name: "Edit Task" });
    await editor.getByLabel("Title").fill("Run the survey");
    await editor.getByLabel("Priority").selectOption("High");
    await editor.getByLabel("Type").selectOption("Research");
    await editor.getByRole("button", { name: "Save Task" }).click();
    await expect(page.getByRole("status")).toContainText("Task saved.");
    await expect(page.getByRole("heading", { name: "Run the survey" })).toBeVisible();
    await expect(page.getByText("High priority")).toBeVisible();

    await page.getByLabel("Assignee", { exact: true }).selectOption({ label: "Pavel Mate" });
    await page.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByRole("status")).toContainText("Assigned to Pavel Mate.");
    await expect(page.getByText("Assignee: Pavel Mate")).toBeVisible();

    const history = page.getByRole("list", { name: "Task history" });
    await expect(history).toContainText("Ines Lead assigned it to Pavel Mate");
    await expect(history).toContainText('Ines Lead changed the title from "Draft the survey" to "Run the survey"');
    await expect(history).toContainText('Ines Lead changed the priority from "Low" to "High"');

    // The teammate hears that it is theirs now, and why.
    await mate.goto("/notifications");
    const told = mate.getByRole("listitem").filter({ hasText: "Task assigned to you" });
    await expect(told).toContainText('Ines Lead assigned "Run the survey" to you');
    await expect(told).toContainText("Because it is your task in");

    // Reassigned back, then unassigned.
    await mate.goto(here);
    await mate.getByLabel("Assignee", { exact: true }).selectOption({ label: "Ines Lead" });
    await mate.getByRole("button", { name: "Assign" }).click();
    await expect(mate.getByRole("status")).toContainText("Assigned to Ines Lead.");
    await expect(mate.getByRole("list", { name: "Task history" })).toContainText(
      "Pavel Mate reassigned it from Pavel Mate to Ines Lead",
    );
    // Not the creator nor an admin: no Delete for the teammate.
    await expect(mate.getByRole("link", { name: "Delete task" })).toHaveCount(0);
    await mate.context().close();

    // A long history: the latest ten, then all of it in pages.
    for (let n = 0; n < 12; n++) {
      await apiPost(page, `/api/tasks/${taskId}/subtasks`, { title: `Question ${n + 1}` });
    }
    await page.goto(here);
    await expect(page.getByRole("list", { name: "Task history" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("link", { name: /^Show all \d+$/ }).click();
    await expect(page.getByRole("list", { name: "Task history" })).toContainText("Ines Lead created the task");
    await shoot(page, project, "long-history");

    // Delete after a confirm step: the board no longer has it.
    await page.goto(here);
    await page.getByRole("link", { name: "Delete task" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete task" });
    await expect(confirm).toContainText("Are you sure you want to delete this task?");
    await shoot(page, project, "delete-confirm");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toContainText('Task "Run the survey" deleted.');
    await expect(page.getByRole("link", { name: /Run the survey/ })).toHaveCount(0);
  });

  test("discuss a task: markup stays text, only http(s) links; edit and delete your own", async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await signUpAsGainer(page, "Cora Commenter");
    const { projectId } = await startOwnProject(page);
    const { taskId } = await newTask(page, projectId, { title: "Pick a colour scheme" });
    await page.goto(`/work/projects/${projectId}/tasks/${taskId}`);

    const composer = page.getByLabel("Add a comment");
    await composer.fill("<b>Blue</b> like https://example.org/palette or javascript:alert(1)");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Comment added.");
    const comments = page.getByRole("list", { name: "Comment list" });
    await expect(comments).toContainText("<b>Blue</b> like");
    await expect(comments.getByRole("link", { name: "https://example.org/palette" })).toHaveAttribute(
      "href",
      "https://example.org/palette",
    );
    await expect(comments.getByRole("link", { name: /javascript/ })).toHaveCount(0);
    await expect(page.getByLabel("Add a comment")).toHaveValue("");
    await expect(page.getByRole("list", { name: "Task history" })).toContainText("Cora Commenter commented");

    // An empty comment is refused with the forum's kind of message.
    await page.getByLabel("Add a comment").fill("   ");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(page.getByText("Please write something before commenting.")).toBeVisible();
    await shoot(page, project, "comment-refused");

    await comments.getByRole("link", { name: /^Edit your comment/ }).click();
    await page.getByLabel("Edit your comment", { exact: true }).fill("Teal, after all");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Comment saved.");
    await expect(page.getByRole("list", { name: "Comment list" })).toContainText("Teal, after all");
    await expect(page.getByRole("list", { name: "Comment list" })).toContainText("(edited)");
    await shoot(page, project, "comments");

    await page
      .getByRole("list", { name: "Comment list" })
      .getByRole("link", { name: "Delete the comment by Cora Commenter" })
      .click();
    await page.getByRole("dialog", { name: "Delete comment" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toContainText("Comment deleted.");
    await expect(page.getByText("No comments yet — start the discussion.")).toBeVisible();
  });

  test("filter the board from its address: assignee, milestone, priority, type, title words", async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await signUpAsGainer(page, "Fran Filter");
    const { projectId } = await startOwnProject(page);
    const me = ((await (await page.request.get("/api/users/me")).json()) as { userId: string }).userId;
    await newTask(page, projectId, { title: "Zebra crossing mockup", priority: "Critical", type: "Design" });
    await newTask(page, projectId, { title: "Zebra stripes bug", priority: "Critical", type: "Bug", assigneeId: me });

    await page.goto(`/work/projects/${projectId}?tab=tasks`);
    const filters = page.getByRole("search", { name: "Filter tasks" });
    await filters.getByLabel("Search titles").fill("zebra");
    await filters.getByLabel("Assignee").selectOption("anyone");
    await filters.getByLabel("Priority").selectOption("Critical");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/q=zebra/);
    await expect(page).toHaveURL(/priority=Critical/);
    const board = page.getByRole("region", { name: "My Tasks" });
    await expect(board.getByRole("link", { name: /Zebra crossing mockup/ })).toBeVisible();
    await expect(board.getByRole("link", { name: /Zebra stripes bug/ })).toBeVisible();
    await shoot(page, project, "board-filtered");

    // The address is the filter: shared, it shows the same board.
    const shared = `/work/projects/${projectId}?tab=tasks&assignee=anyone&type=Bug&q=zebra`;
    await page.goto(shared);
    await expect(page.getByRole("search", { name: "Filter tasks" }).getByLabel("Type")).toHaveValue("Bug");
    await expect(board.getByRole("link", { name: /Zebra stripes bug/ })).toBeVisible();
    await expect(board.getByRole("link", { name: /Zebra crossing mockup/ })).toHaveCount(0);
    await page.goto(`/work/projects/${projectId}?tab=tasks&assignee=unassigned&q=zebra`);
    await expect(board.getByRole("link", { name: /Zebra crossing mockup/ })).toBeVisible();
    await expect(board.getByRole("link", { name: /Zebra stripes bug/ })).toHaveCount(0);

    // A milestone lists its tasks with their status and its progress.
    await page.goto(`/work/projects/${projectId}?tab=milestones`);
    const firstTasks = page.getByRole("list", { name: /^Tasks of / }).first();
    await expect(firstTasks.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByLabel(/^Progress of /).first()).toContainText(/\d+\/\d+ tasks · \d+%/);
    await shoot(page, project, "milestones");
  });
});
