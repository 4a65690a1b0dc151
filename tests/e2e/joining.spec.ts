import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signUpAsGainer } from "./auth";

// Whole journeys, some with two people, on a shared 2-core machine: each gets room to finish.
test.describe.configure({ timeout: 90_000 });

/** A template with roles, from the public API. */
async function templateWithRoles(request: APIRequestContext) {
  const templates = await (await request.get("/api/projects/templates?pageSize=20")).json();
  for (const template of templates) {
    const detail = await (await request.get(`/api/projects/template/${template.projectId}`)).json();
    if (detail.requiredRoles.length > 0)
      return detail as { projectId: string; projectName: string; requiredRoles: { name: string }[] };
  }
  throw new Error("No template with roles in the demo data");
}

test.describe("a refused repository address answers 400 without JavaScript", () => {
  test.use({ allowedConsoleErrors: [/400 \(Bad Request\)/] });

  test("start a project from a template, link its repository, start it and land on its tasks", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await signUpAsGainer(page, "Tess Template");
    const template = await templateWithRoles(request);
    await page.goto(`/project/${template.projectId}`);
    await page.getByRole("link", { name: "Create New Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Project" });
    await expect(dialog).toContainText(
      "You will be set as the project owner and responsible for the initial setup and team management.",
    );
    await dialog.getByLabel("Your role").selectOption(template.requiredRoles[0]!.name);
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByRole("status")).toContainText("Project created successfully.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(template.projectName);
    const projectId = page.url().split("/project/")[1]!;
    expect(projectId).not.toBe(template.projectId);

    await page.goto("/work?tab=pending");
    const card = page.getByRole("article").filter({ hasText: template.projectName });
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    await card.getByRole("link", { name: "Connect Repository" }).click();
    const repository = page.getByRole("dialog", { name: "Connect Repository" });
    await repository.getByLabel("Repository URL").fill("https://gitlab.com/someone/thing");
    if (javaScriptEnabled) {
      await expect(repository.getByText("Please enter a valid GitHub repository URL.")).toBeVisible();
      await expect(repository.getByRole("button", { name: "Save" })).toBeDisabled();
    } else {
      await repository.getByRole("button", { name: "Save" }).click();
      await expect(
        page
          .getByRole("dialog", { name: "Connect Repository" })
          .getByText("Please enter a valid GitHub repository URL."),
      ).toBeVisible();
    }
    await page
      .getByRole("dialog", { name: "Connect Repository" })
      .getByLabel("Repository URL")
      .fill("https://github.com/octo-org/pantry-tracker/");
    await page.getByRole("dialog", { name: "Connect Repository" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Repository Linked Successfully!")).toBeVisible();

    await page.goto("/work?tab=pending");
    const started = page.getByRole("article").filter({ hasText: template.projectName });
    await expect(started.getByRole("link", { name: "Connect Repository" })).toHaveCount(0);
    await started.getByRole("button", { name: "Start Project" }).click();
    await expect(page).toHaveURL(new RegExp(`/work/tmp/${projectId}$`));
    await expect(page.getByRole("status")).toContainText("Project started. Status changed to Active.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(template.projectName);
    await expect(page.getByRole("list", { name: "Tasks by status" })).toContainText("To Do");
    await page.goto("/work");
    await expect(
      page.getByRole("article").filter({ hasText: template.projectName }).getByRole("link", { name: "Start Working" }),
    ).toBeVisible();
  });
});

test("ask to join, wait, get approved by the admin", async ({ page, browser, request, javaScriptEnabled }) => {
  // The admin's project, made through the API with the admin's session.
  const adminContext = await browser.newContext({ javaScriptEnabled });
  const admin = await adminContext.newPage();
  await signUpAsGainer(admin, "Ada Admin");
  const template = await templateWithRoles(request);
  const created = await admin.request.post(`/api/projects/start-from-template?templateId=${template.projectId}`, {
    data: { selectedRole: template.requiredRoles[0]!.name },
  });
  const { newProjectId } = await created.json();
  expect((await admin.request.post(`/api/projects/${newProjectId}/start`)).status()).toBe(200);
  const detail = await (await request.get(`/api/projects/${newProjectId}`)).json();
  const role = detail.openRoles[0].name as string;

  await signUpAsGainer(page, "Rory Requester");
  await page.goto(`/project/${newProjectId}`);
  await page.getByRole("link", { name: "Request to Join" }).click();
  const dialog = page.getByRole("dialog", { name: /Request to join/ });
  if (javaScriptEnabled) {
    await dialog.getByLabel("Message").fill("Hello");
    await expect(dialog.getByText("5/500")).toBeVisible();
  }
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByLabel("Message").fill("I'd love to help with the first milestone.");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByRole("status")).toContainText("Join request sent successfully!");
  await expect(page.getByRole("button", { name: "Request Pending" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("button", { name: "Request Pending" })).toBeDisabled();
  await page.goto("/work?tab=pending");
  await expect(page.getByRole("article").filter({ hasText: detail.projectName })).toContainText(
    "Your request is waiting for an admin",
  );

  await admin.goto("/work?tab=active");
  await admin
    .getByRole("article")
    .filter({ hasText: detail.projectName })
    .getByRole("link", { name: "View Requests" })
    .click();
  const requests = admin.getByRole("dialog", { name: "Join Requests" });
  await expect(requests).toContainText("Rory Requester");
  await expect(requests).toContainText("I'd love to help with the first milestone.");
  await requests.getByLabel("Reason").fill("  Welcome aboard!  ");
  await requests.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByRole("status")).toContainText("Join request approved!");
  await expect(admin.getByRole("dialog", { name: "Join Requests" })).toContainText("No pending join requests.");
  await adminContext.close();

  await page.goto("/work");
  await expect(
    page.getByRole("article").filter({ hasText: detail.projectName }).getByRole("link", { name: "Start Working" }),
  ).toBeVisible();
  await page.goto(`/project/${newProjectId}`);
  await expect(page.getByRole("region", { name: "Team members" })).toContainText("Rory Requester");
});

test("My Projects is empty for a newcomer and needs sign-in", async ({ page }) => {
  await page.goto("/work");
  await expect(page.getByLabel("Email")).toBeVisible();
  await signUpAsGainer(page, "Nora Newcomer");
  await page.goto("/work");
  await expect(page.getByText("No active projects yet.")).toBeVisible();
  await expect(page.getByText("Projects will appear here once you join or create them.")).toBeVisible();
  await page.getByRole("link", { name: "Pending" }).click();
  await expect(page.getByText("No pending projects yet.")).toBeVisible();
  await page.getByRole("link", { name: "Completed" }).click();
  await expect(page.getByText("No completed projects yet.")).toBeVisible();
});

test.describe("permissions on screens", () => {
  test.use({ allowedConsoleErrors: [/40[034] \(.*\)/] });

  test("outsiders see Access Denied for requests and cannot open the dashboard", async ({ page, request }) => {
    await signUpAsGainer(page, "Otto Outsider");
    const [project] = await (await request.get("/api/projects/active?pageSize=1")).json();
    await page.goto(`/work?tab=active&requests=${project.projectId}`);
    const dialog = page.getByRole("dialog", { name: "Join Requests" });
    await expect(dialog).toContainText("Access Denied");
    await expect(dialog).toContainText("Only project administrators can access this feature.");
    await page.goto(`/work/tmp/${project.projectId}`);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("Only members of this project can see its tasks.")).toBeVisible();
    await page.goto("/work/tmp/test");
    await expect(page.getByText("Invalid project ID. Please select a valid project.")).toBeVisible();
    await page.goto("/work/tmp/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Project not found.")).toBeVisible();
    await page.getByRole("link", { name: "Back to My Projects" }).click();
    await expect(page).toHaveURL(/\/work$/);
    await page.goto("/work/tmp");
    await expect(page.getByText("Project ID is required")).toBeVisible();
  });

  test("notification targets go where they belong", async ({ page, request }) => {
    const [project] = await (await request.get("/api/projects/active?pageSize=1")).json();
    await page.goto(`/projects/${project.projectId}`);
    await expect(page).toHaveURL(new RegExp(`/project/${project.projectId}$`));
    await signUpAsGainer(page, "Nell Notified");
    await page.goto(`/projects/${project.projectId}/join-requests`);
    await expect(page).toHaveURL(new RegExp(`requests=${project.projectId}`));
    await page.goto(`/projects/${project.projectId}/tasks`);
    await expect(page).toHaveURL(new RegExp(`/work/projects/${project.projectId}\\?tab=tasks$`));
    await page.goto(`/projects/${project.projectId}/forum`);
    await expect(page).toHaveURL(new RegExp(`/work/projects/${project.projectId}\\?tab=forum$`));
  });
});
