import type { Page } from "@playwright/test";
import { signIn } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { screenshotsIn } from "./work";
import { summaryFigure } from "./summary";

/**
 * Mentor review in the demo data (db/seed-reviews.ts), as its people see it, JavaScript on and
 * off: Grace (a mentor) has three reviews waiting, one a reminded request whose history says so;
 * Amara has a request waiting and a task back with changes; the Smart Summary counts both sides.
 * Only reads, so the seeded states stay for the next run. Screenshots at 390 and 1280 px go to
 * test-results/demo-reviews/.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const shoot = screenshotsIn("test-results/demo-reviews");
const turn = (page: Page) => page.getByTestId("review-turn");
const reviewsPanel = (page: Page) => page.getByRole("region", { name: "Reviews" });

/** The address of the review panel's link whose second line says `line`. */
const taskLink = async (page: Page, line: RegExp) =>
  (await reviewsPanel(page).getByRole("link").filter({ hasText: line }).first().getAttribute("href"))!;

/** Prepares the Smart Summary once (another run may have), then shows it. */
async function openSummary(page: Page) {
  await page.goto("/ai-insight");
  const show = page.getByRole("button", { name: "Show me summary" });
  if (await show.isVisible()) await show.click();
  await expect(page.getByRole("heading", { name: "Overall Summary" })).toBeVisible();
}

test.describe("mentor review in the demo", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a mentor's reviews waiting, a learner's task back, the reminder's line and the summary's figures", async ({
    page: grace,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const project = testInfo.project.name;
    await signIn(grace, "grace.mensah@example.org", "/work");
    await expect(grace.getByRole("heading", { name: "3 reviews waiting for you" })).toBeVisible();
    await expect(reviewsPanel(grace).getByRole("link")).toHaveCount(3);
    await shoot(grace, project, "grace-my-projects");
    const waiting = await taskLink(grace, /from Amara Okafor/);
    const reminded = await taskLink(grace, /from Samir Haddad/);
    const claimed = await taskLink(grace, /you claimed it/);

    // Amara's request, from the mentor's side: hers to claim.
    await grace.goto(waiting);
    await expect(turn(grace)).toHaveText("Waiting for a mentor: Amara Okafor asked for a review (round 1).");
    await expect(grace.getByRole("button", { name: "Claim this review" })).toBeVisible();
    await shoot(grace, project, "waiting-as-mentor");

    // Unclaimed for more than two days: the history says the mentors were reminded.
    await grace.goto(reminded);
    const history = grace.getByRole("list", { name: "Task history" });
    await expect(history.getByRole("listitem").first()).toContainText(
      "Mentors were reminded of the review request, unclaimed for 2 days",
    );
    await expect(history).toContainText("Samir Haddad requested a review");
    await shoot(grace, project, "reminded-history");

    await grace.goto(claimed);
    await expect(turn(grace)).toHaveText("With you: you are reviewing Samir Haddad's work (round 1).");

    // The learner's side.
    const context = await browser.newContext({ javaScriptEnabled });
    const amara = await context.newPage();
    await signIn(amara, "amara.okafor@example.org", "/work");
    await expect(amara.getByRole("heading", { name: "1 task back to you" })).toBeVisible();
    await expect(reviewsPanel(amara)).toContainText("changes asked by Priya Raman");
    await shoot(amara, project, "amara-my-projects");
    const changes = await taskLink(amara, /changes asked by Priya Raman/);

    await amara.goto(waiting);
    await expect(turn(amara)).toHaveText("Waiting for a mentor: you asked for a review (round 1).");
    await expect(amara.getByRole("button", { name: "Claim this review" })).toHaveCount(0);
    await shoot(amara, project, "waiting-as-assignee");

    await amara.goto(changes);
    await expect(turn(amara)).toHaveText(
      "Back to you: Priya Raman asked for changes. Answer them, then request a review again.",
    );
    await expect(amara.getByRole("button", { name: "Request review again" })).toBeVisible();
    await expect(amara.getByRole("list", { name: "Task history" })).toContainText("Priya Raman asked for changes");
    await shoot(amara, project, "changes-as-assignee");

    // The Smart Summary counts each side's comments and reviews.
    await openSummary(amara);
    await expect(amara.getByRole("region", { name: "Overall Summary" })).toContainText(
      "On tasks you wrote 2 comments and asked for 3 reviews (1 approved).",
    );
    for (const [term, value] of [
      ["Task Comments", "2"],
      ["Reviews Requested", "3"],
      ["Approved in Review", "1"],
      ["Reviews Given", "0"],
    ] as const) {
      await expect(summaryFigure(amara, "Task Collaboration", term)).toHaveText(value);
    }
    await shoot(amara, project, "amara-insights");
    await context.close();

    await openSummary(grace);
    await expect(summaryFigure(grace, "Task Collaboration", "Reviews Given")).toHaveText("1");
    await expect(summaryFigure(grace, "Task Collaboration", "Task Comments")).toHaveText("2");
    await shoot(grace, project, "grace-insights");
  });
});
