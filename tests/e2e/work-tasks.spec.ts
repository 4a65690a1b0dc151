import { signUpAsGainer } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { apiPost, startOwnProject } from "./work";

// The machine these run on is shared and slow: give each expectation room.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe("the work page", () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ allowedConsoleErrors: [/40[034]/] });

  test("members add a task that saves, open it and move it to another group", async ({ page, javaScriptEnabled }) => {
    await signUpAsGainer(page, "Wanda Worker");
    const { projectId, projectName } = await startOwnProject(page);
    await page.goto(`/work/projects/${projectId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(projectName);
    const overview = page.getByRole("list", { name: "Project overview" });
    for (const card of ["Progress", "Days Left", "My Open Tasks", "Open PRs"]) {
      await expect(overview.getByRole("heading", { name: card })).toBeVisible();
    }
    const tabs = page.getByRole("navigation", { name: "Project sections" });
    await expect(tabs.getByRole("link", { name: "My Tasks" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("link", { name: "Add Task" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Task" });
    await expect(dialog.getByLabel("Priority")).toHaveValue("Medium");
    if (javaScriptEnabled) {
      await dialog.getByRole("button", { name: "Add Task" }).click();
      await expect(dialog.getByText("Title is required")).toBeVisible();
    } else {
      await expect(dialog.getByLabel("Title")).toHaveAttribute("required", "");
    }
    await page.getByRole("dialog", { name: "Add Task" }).getByLabel("Title").fill("Design the landing page");
    await page.getByRole("dialog", { name: "Add Task" }).getByLabel("Priority").selectOption("High");
    await page.getByRole("dialog", { name: "Add Task" }).getByRole("button", { name: "Add Task" }).click();
    await expect(page.getByRole("status")).toContainText('Task "Design the landing page" added.');
    const todo = page.getByRole("region", { name: /^To Do/ });
    await expect(todo.getByRole("heading")).toHaveText("To Do (1)");
    await expect(page.getByRole("list", { name: "Project overview" })).toContainText("Assigned to you");

    await todo.getByRole("link", { name: /Design the landing page/ }).click();
    await expect(page.getByRole("heading", { name: "Design the landing page" })).toBeVisible();
    await expect(page.getByText("High priority")).toBeVisible();
    await expect(page.getByText("No description")).toBeVisible();
    await page.getByLabel("Status").selectOption("InProgress");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Update status" }).click();
    await expect(page.getByRole("status")).toContainText("Status changed to In Progress.");
    await page.getByRole("link", { name: "Back to Project" }).click();
    await expect(page.getByRole("region", { name: /^In Progress/ }).getByRole("heading")).toHaveText("In Progress (1)");
    await expect(page.getByRole("region", { name: /^To Do/ }).getByRole("heading")).toHaveText("To Do (0)");
  });

  test("a long group shows its first 20 cards and opens on its own, in pages", async ({ page }) => {
    await signUpAsGainer(page, "Lena Longlist");
    const { projectId } = await startOwnProject(page);
    // 55 more to do than the template's own tasks: more than a board column and than one page.
    for (let batch = 0; batch < 11; batch++) {
      await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          apiPost(page, `/api/projects/${projectId}/tasks`, { title: `Chore ${batch * 5 + n}`, priority: "Low" }),
        ),
      );
    }
    await page.goto(`/work/projects/${projectId}?scope=all`);
    const todo = page.getByRole("region", { name: /^To Do/ });
    const heading = (await todo.getByRole("heading").textContent()) ?? "";
    const total = Number(/\((\d+)\)/.exec(heading)?.[1]);
    expect(total).toBeGreaterThanOrEqual(55);
    await expect(todo.getByRole("listitem")).toHaveCount(20);

    await todo.getByRole("link", { name: `Show all ${total} To Do tasks` }).click();
    await expect(page).toHaveURL(/assignee=anyone&group=Todo/);
    const group = page.getByRole("region", { name: /^To Do/ });
    await expect(group.getByRole("heading", { name: `To Do (${total})` })).toBeVisible();
    await expect(group.getByRole("listitem")).toHaveCount(50);
    await expect(page.getByRole("region", { name: /^Blocked/ })).toHaveCount(0);
    const pagination = group.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("Page 1 of 2");
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(pagination).toContainText("Page 2 of 2");
    await expect(group.getByRole("listitem")).toHaveCount(total - 50);

    await group.getByRole("link", { name: "← All groups" }).click();
    await expect(page).not.toHaveURL(/group=/);
    await expect(page.getByRole("region", { name: /^Blocked/ })).toBeVisible();
  });

  test("outsiders, visitors and bad addresses never see a project's work", async ({ page, request }) => {
    const [project] = (await (await request.get("/api/projects/active?pageSize=1")).json()) as { projectId: string }[];
    await page.goto(`/work/projects/${project!.projectId}`);
    await expect(page).toHaveURL(/\/login|\/dev-idp/);
    await signUpAsGainer(page, "Otto Outsider");
    await page.goto(`/work/projects/${project!.projectId}`);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("Progress")).toHaveCount(0);
    await page.goto("/work/projects/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Project Not Found" })).toBeVisible();
    await page.goto("/work/projects/not-an-id");
    await expect(page.getByText("Error 400")).toBeVisible();
  });
});
