import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { signIn, signUpAsGainer } from "./auth";
import { withTestDatabase } from "./database";
import { apiPost, startOwnProject } from "./work";

test("a running project shows its story, roles, team and the way to join", async ({ page, request }) => {
  const [project] = await (await request.get("/api/projects/active?pageSize=1")).json();
  await page.goto(`/project/${project.projectId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(project.projectName);
  await expect(page.getByRole("region", { name: "Goals" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Open roles" })).toBeVisible();
  const team = page.getByRole("region", { name: "Team members" }).getByRole("link");
  await expect(team.first()).toHaveAttribute("href", /^\/profile\/[0-9a-f-]{36}$/);
  const join = page.getByRole("link", { name: "Request to Join" });
  await expect(join).toHaveAttribute("href", `/login?redirectTo=%2Fproject%2F${project.projectId}`);
  await page.getByRole("link", { name: "Contact the Team" }).click();
  await expect(page).toHaveURL(/#team$/);
});

test("a template offers Create New Project", async ({ page, request }) => {
  const [template] = await (await request.get("/api/projects/templates?pageSize=1")).json();
  await page.goto(`/project/${template.projectId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(template.projectName);
  await expect(page.getByRole("link", { name: "Create New Project" })).toBeVisible();
  await expect(page.getByText("Template", { exact: true })).toBeVisible();
});

test.describe("errors", () => {
  test.use({ allowedConsoleErrors: [/40[04] \(.*\)/] });

  test("an unknown project is 404 and a malformed id is 400", async ({ page }) => {
    const missing = await page.goto("/project/00000000-0000-4000-8000-000000000000");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    const malformed = await page.goto("/project/not-an-id");
    expect(malformed?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This project address is not valid." })).toBeVisible();
  });
});

test("at 390 px the main action is in the first screen, under the title", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [project] = await (await request.get("/api/projects/active?pageSize=1")).json();
  await page.goto(`/project/${project.projectId}`);
  const join = page.getByRole("link", { name: "Request to Join" });
  await expect(join).toBeInViewport();
  await expect(page.getByText("Sign in and join to talk with the team in the project forum.")).toBeVisible();
});

test("each viewer reads the next step that fits them", async ({ page, request }) => {
  const [template] = await (await request.get("/api/projects/templates?pageSize=1")).json();
  await page.goto(`/project/${template.projectId}`);
  await expect(page.getByRole("link", { name: "Contact the Team" })).toHaveCount(0);

  await signUpAsGainer(page, "Vera Viewer");
  const [project] = await (await request.get("/api/projects/active?pageSize=1")).json();
  await page.goto(`/project/${project.projectId}`);
  await expect(page.getByText("Join to talk with the team in the project forum.")).toBeVisible();
  await expect(page.getByText("Sign in and join", { exact: false })).toHaveCount(0);
});

test("a member gets a link to the forum; the owner of a new project its next steps", async ({ page, request }) => {
  await signIn(page, "grace.mensah@example.org");
  await page.goto("/work?tab=active");
  const first = page.getByRole("article").first();
  const name = (await first.getByRole("heading").textContent())!;
  const [match] = await (await request.get(`/api/projects/active?q=${encodeURIComponent(name)}&pageSize=1`)).json();
  await page.goto(`/project/${match.projectId}`);
  await expect(page.getByRole("link", { name: "Talk with the team in the project forum" })).toHaveAttribute(
    "href",
    `/projects/${match.projectId}/forum`,
  );

  const [template] = await (await request.get("/api/projects/templates?pageSize=1")).json();
  await page.goto(`/project/${template.projectId}?create=1`);
  const dialog = page.getByRole("dialog", { name: "Create New Project" });
  const role = dialog.getByLabel("Your role");
  if (await role.count()) await role.selectOption({ index: 1 });
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("heading", { name: "Next steps" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Project" })).toHaveAttribute("href", "/work?tab=pending");
});

test("an overdue project says so on its card and page, as its work page will", async ({ page }) => {
  await signUpAsGainer(page, "Otto Overdue");
  const { projectId } = await startOwnProject(page);
  await apiPost(page, `/api/projects/${projectId}/start`, {});
  // Time cannot pass in a test: the project is put where 116 days of a 60-day plan leave it.
  const name = `Overdue ${randomBytes(4).toString("hex")}`;
  await withTestDatabase((client) =>
    client.query("update projects set name = $2, duration_days = 60, start_date = current_date - 116 where id = $1", [
      projectId,
      name,
    ]),
  );

  await page.goto(`/search-projects?tab=open&q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toContainText("60 days");
  await expect(card).toContainText("Overdue by 56 days");

  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole("list", { name: "Project facts" })).toContainText("Overdue by 56 days");
  await expect(page.getByText("Was due")).toBeVisible();

  await page.goto(`/work/projects/${projectId}`);
  await expect(page.getByText("Overdue by 56d")).toBeVisible();
});
