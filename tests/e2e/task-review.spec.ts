import type { Page } from "@playwright/test";
import { signUpAsGainer } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { apiPost, joinProject, screenshotsIn, startOwnProject } from "./work";

/**
 * Mentor review with turn-taking (issue 35), JavaScript on and off, two people: the assignee
 * requests a review, the project's admin (a reviewer, like its mentors) claims it and asks for
 * changes, the assignee answers and requests again, the reviewer approves. Along the way: the
 * done guard's refusal, the board chip and My Projects' counts. Screenshots of each state at
 * 390 and 1280 px go to test-results/task-review/.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const shoot = screenshotsIn("test-results/task-review");

test.describe("mentor review", () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ allowedConsoleErrors: [/40[0349]/] });

  test("a full round: request, claim, changes, request again, approve", async ({
    page: reviewer,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const project = testInfo.project.name;
    await signUpAsGainer(reviewer, "Ana Lead");
    const { projectId } = await startOwnProject(reviewer);
    const assignee = await (await browser.newContext({ javaScriptEnabled })).newPage();
    const gus = await signUpAsGainer(assignee, "Gus Gainer");
    await joinProject(reviewer, assignee, projectId);
    const { taskId } = (await apiPost(reviewer, `/api/projects/${projectId}/tasks`, {
      title: "Write the README",
      assigneeId: gus.userId,
    })) as { taskId: string };
    const here = `/work/projects/${projectId}/tasks/${taskId}`;
    const turn = (page: Page) => page.getByTestId("review-turn");
    const toast = (page: Page) => page.getByRole("status");

    // The assignee asks for a review.
    await assignee.goto(here);
    await expect(turn(assignee)).toContainText("No review yet.");
    await assignee.getByLabel("A note for the reviewer").fill("Ready for a first look.");
    await assignee.getByRole("button", { name: "Request review" }).click();
    await expect(toast(assignee)).toContainText("Review requested");
    await expect(turn(assignee)).toContainText("Waiting for a mentor: you asked for a review (round 1).");
    await shoot(assignee, project, "waiting");

    // Not done while the review is open.
    await assignee.getByLabel("Status").selectOption("Done");
    if (!javaScriptEnabled) await assignee.getByRole("button", { name: "Update status" }).click();
    await expect(assignee.getByRole("alert")).toContainText(
      "This task has an open review: it can be marked done once the review is approved.",
    );
    await shoot(assignee, project, "done-guard");

    // The reviewer sees it waiting, claims it.
    await reviewer.goto("/work");
    await expect(reviewer.getByRole("heading", { name: "1 review waiting for you" })).toBeVisible();
    await shoot(reviewer, project, "my-projects-waiting");
    await reviewer.getByRole("link", { name: /Write the README/ }).click();
    await reviewer.getByRole("button", { name: "Claim this review" }).click();
    await expect(toast(reviewer)).toContainText("You claimed this review");
    await expect(turn(reviewer)).toContainText("With you: you are reviewing Gus Gainer's work (round 1).");
    await expect(reviewer.getByRole("button", { name: "Mark done anyway (admin override)" })).toBeVisible();
    await shoot(reviewer, project, "claimed");

    // Someone else's turn, from the assignee's side, on the page and the board.
    await assignee.goto(here);
    await expect(turn(assignee)).toContainText("In review with Ana (round 1).");
    await assignee.goto(`/work/projects/${projectId}?tab=tasks&assignee=anyone`);
    await expect(assignee.getByText("Review: with Ana")).toBeVisible();
    await shoot(assignee, project, "board-with-reviewer");

    // Changes need a comment; then the turn is the assignee's.
    await reviewer.getByRole("button", { name: "Ask for changes" }).click();
    await expect(reviewer.getByText("Say what should change before asking for changes.")).toBeVisible();
    await reviewer.getByLabel("Your review").fill("Add an install section.");
    await reviewer.getByRole("button", { name: "Ask for changes" }).click();
    await expect(toast(reviewer)).toContainText("Changes requested");
    await expect(turn(reviewer)).toContainText("Back to Gus Gainer: Ana Lead asked for changes.");
    await shoot(reviewer, project, "changes-their-turn");

    await assignee.goto("/work");
    await expect(assignee.getByRole("heading", { name: "1 task back to you" })).toBeVisible();
    await assignee.goto(`/work/projects/${projectId}?tab=tasks&assignee=anyone`);
    await expect(assignee.getByText("Review: back to you")).toBeVisible();
    await shoot(assignee, project, "board-back-to-you");
    await assignee.goto(here);
    await expect(turn(assignee)).toContainText("Back to you: Ana Lead asked for changes.");
    await shoot(assignee, project, "changes-your-turn");

    // The assignee answers and asks again; the reviewer approves.
    await assignee.getByLabel("What did you change?").fill("Added the install section.");
    await assignee.getByRole("button", { name: "Request review again" }).click();
    await expect(turn(assignee)).toContainText("(round 2)");
    await reviewer.goto(here);
    await reviewer.getByRole("button", { name: "Claim this review" }).click();
    await expect(turn(reviewer)).toContainText("With you");
    await reviewer.getByLabel("Your review").fill("Looks good.");
    await reviewer.getByRole("button", { name: "Approve" }).click();
    await expect(toast(reviewer)).toContainText("Approved.");
    await expect(turn(reviewer)).toContainText("Approved by Ana Lead (round 2).");

    const history = reviewer.getByRole("list", { name: "Task history" });
    await expect(history).toContainText("Ana Lead approved the review");
    await expect(history).toContainText("Gus Gainer requested a review again (round 2)");
    await expect(reviewer.getByRole("list", { name: "Review rounds" })).toContainText("Round 1: Changes requested");
    await assignee.goto(here);
    await expect(turn(assignee)).toContainText("Approved by Ana Lead");
    await shoot(assignee, project, "approved");

    // Approved: the task may be done now.
    await assignee.getByLabel("Status").selectOption("Done");
    if (!javaScriptEnabled) await assignee.getByRole("button", { name: "Update status" }).click();
    await expect(toast(assignee)).toContainText("Status changed to Completed.");
  });

  test("an admin marks a task done over its open review, and the history says so", async ({ page }, testInfo) => {
    const me = await signUpAsGainer(page, "Olga Owner");
    const { projectId } = await startOwnProject(page);
    const { taskId } = (await apiPost(page, `/api/projects/${projectId}/tasks`, {
      title: "Ship the beta",
      assigneeId: me.userId,
    })) as { taskId: string };
    await apiPost(page, `/api/tasks/${taskId}/reviews`, { note: "Please check" });
    await page.goto(`/work/projects/${projectId}/tasks/${taskId}`);
    await expect(page.getByTestId("review-turn")).toContainText("Waiting for a mentor");
    await page.getByRole("button", { name: "Mark done anyway (admin override)" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Marked done over the open review (admin override, recorded in the history).",
    );
    await expect(page.getByTestId("review-turn")).toContainText(
      "Closed: an admin marked the task done while its review was open.",
    );
    await expect(page.getByRole("list", { name: "Task history" })).toContainText(
      "Olga Owner marked it done while its review was open (admin override)",
    );
    await shoot(page, testInfo.project.name, "override");
  });
});
