import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { generateRepository } from "../fixtures/github-api";
import { forgetSession, signIn, signUpAsGainer } from "./auth";
import { expect, test } from "./fixtures";
import { apiPost, startOwnProject } from "./work";
import { summaryFigure } from "./summary";

// The Smart Summary journey: signed out to sign-in and back; Prepare → Show me summary → the
// sections, every figure made by this test. Syncs run as jobs on a shared, slow machine.
test.describe.configure({ timeout: 150_000 });

async function apiPut(page: Page, url: string, data: unknown) {
  const response = await page.request.put(url, { data, headers: { Origin: new URL(page.url()).origin } });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

test("signed out to sign-in and back; Show me summary prepares every section from the user's data", async ({
  page,
  javaScriptEnabled,
}) => {
  const { userId, email } = await signUpAsGainer(page, "Insa Insight");
  // A repository the loopback GitHub makes up; the user's GitHub login is one of its contributors.
  const repoName = `insights-${randomBytes(3).toString("hex")}`;
  const fakeRepository = generateRepository("acme", repoName);
  const login = fakeRepository.contributors![0]!.login;
  const commits = fakeRepository.contributors![0]!.commits;
  await page.goto("/about");
  await apiPut(page, `/api/users/gainer/${userId}/profile`, {
    fullName: "Insa Insight",
    biography: "Made by an end-to-end test.",
    currentRole: "Student",
    yearsOfExperience: 1,
    educationStatus: "Self-Taught",
    areasOfInterest: ["Web Development"],
    gitHubURL: `https://github.com/${login}`,
  });
  const { projectId, projectName } = await startOwnProject(page);
  await page.request.post(`/api/projects/${projectId}/start`, { headers: { Origin: new URL(page.url()).origin } });
  const tasks: { taskId: string }[] = [];
  for (const title of ["Sketch the form", "Write the API", "Ship it"]) {
    tasks.push(await apiPost(page, `/api/projects/${projectId}/tasks`, { title, assigneeId: userId }));
  }
  await apiPut(page, `/api/tasks/${tasks[0]!.taskId}`, { status: "Done" });
  await apiPost(page, "/api/forum/posts", { projectId, content: "Hello from the insights test" });
  await apiPut(page, `/api/projects/${projectId}/repository`, { url: `https://github.com/acme/${repoName}` });

  // Signed out: to sign-in, and back to the summary.
  await forgetSession(page);
  await page.goto("/ai-insight");
  await expect(page).toHaveURL(/\/dev-idp\//);
  await signIn(page, email, "/ai-insight");
  await expect(page).toHaveURL(/\/ai-insight$/);

  await expect(page.getByRole("heading", { level: 1, name: "Smart Summary" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Work area" }).getByRole("link", { name: "Smart Summary" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Prepare Your Insights" })).toBeVisible();
  await expect(
    page.getByText("Click the button to sync your latest project data and generate insights."),
  ).toBeVisible();
  const show = page.getByRole("button", { name: "Show me summary" });
  if (javaScriptEnabled) {
    await page.route("**/ai-insight*", async (route) => {
      // Slow the POST down, so its pending state and steps can be seen.
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await show.click();
    await expect(page.getByRole("button", { name: "Syncing…" })).toBeDisabled();
    // The wait says what it is doing, step by step.
    const steps = page.getByRole("status", { name: "Preparing your summary" });
    await expect(steps.getByRole("listitem")).toHaveText([
      /Queuing a sync of your linked GitHub repositories/,
      /Working out your figures/,
    ]);
    await expect(steps.locator('[aria-current="step"]')).toContainText("Queuing a sync");
  } else await show.click();

  await expect(page.getByRole("heading", { name: "Overall Summary" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Overall Summary" })).toContainText(
    "You completed 1 of 3 tasks assigned to you (33%).",
  );
  await expect(page.getByRole("region", { name: "Overall Summary" }).locator("strong").first()).toHaveText("Insa");
  await expect(summaryFigure(page, "Activity Metrics", "Total Tasks")).toHaveText("3");
  await expect(summaryFigure(page, "Activity Metrics", "Completed Tasks")).toHaveText("1");
  await expect(summaryFigure(page, "Activity Metrics", "Completion Rate")).toHaveText("33%");
  await expect(summaryFigure(page, "Activity Metrics", "Total Projects")).toHaveText("1");
  await expect(summaryFigure(page, "Activity Metrics", "Projects You Run \\(owner or admin\\)")).toHaveText("1");
  await expect(summaryFigure(page, "Activity Metrics", "Active Projects")).toHaveText("1");
  await expect(summaryFigure(page, "Community Engagement", "Posts")).toHaveText("1");
  await expect(summaryFigure(page, "Community Engagement", "Likes Received")).toHaveText("0");
  // Charts are server-rendered SVG images that state their numbers.
  await expect(page.getByRole("img", { name: /Task completion 1 of 3 completed, 33%/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Your activity per week/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Skill distribution/ })).toBeVisible();
  const achievements = page.getByRole("region", { name: "Achievements" });
  await expect(achievements.getByRole("listitem").filter({ hasText: "First Task Done" })).toContainText("Earned");
  await expect(achievements.getByRole("listitem").filter({ hasText: "Task Finisher" })).toContainText("10%");

  // The queued sync fills in GitHub Activity: the login's commits from the synced repository.
  const github = page.getByRole("region", { name: "GitHub Activity" });
  await expect(async () => {
    await page.reload();
    await expect(github).toContainText(`GitHub username: ${login}`, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(summaryFigure(page, "GitHub Activity", "Commits")).toHaveText(commits.toLocaleString("en-US"));
  await expect(github.getByRole("link", { name: `acme/${repoName}` })).toBeVisible();
  await expect(achievements.getByRole("listitem").filter({ hasText: "First Commit" })).toContainText("Earned");

  // One project's summary, from the picker.
  await page.getByRole("navigation", { name: "Summary of" }).getByRole("link", { name: projectName }).click();
  await expect(page).toHaveURL(new RegExp(`/ai-insight/${projectId}$`));
  await expect(page.getByRole("region", { name: "Overall Summary" })).toContainText(
    `here is your summary in ${projectName}.`,
  );

  // The profile lists the achievements, the pending ones locked.
  await page.goto(`/profile/gainer/${userId}`);
  await expect(page.getByRole("heading", { name: /^Achievements \(\d+\/15\)$/ })).toBeVisible();
  await expect(page.getByText("Locked").first()).toBeVisible();
});

test("a new user's summary: GitHub to connect, sections without data left out", async ({ page }) => {
  await signUpAsGainer(page, "Nova Newcomer");
  await page.goto("/ai-insight");
  await page.getByRole("button", { name: "Show me summary" }).click();
  await expect(page.getByRole("heading", { name: "Overall Summary" })).toBeVisible();
  await expect(page.getByText("No projects found for user")).toBeVisible();
  const github = page.getByRole("region", { name: "GitHub Activity" });
  await expect(github).toContainText("Connect your GitHub to unlock insights");
  await expect(github.getByRole("link", { name: "Connect GitHub" })).toHaveAttribute(
    "href",
    "/onboarding/gainer-profile#gainer-profile-gitHubURL",
  );
  for (const empty of ["Skill Distribution", "Task Completion", "Community Engagement", "Code Quality"]) {
    await expect(page.getByRole("heading", { name: empty })).toHaveCount(0);
  }
});
