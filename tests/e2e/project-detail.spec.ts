import { expect, test } from "./fixtures";

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
