import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test.describe("the API's OpenAPI document", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource|dynamically imported module/] });

  test("is served as JSON, public and cacheable, and lists the operations", async ({ request }) => {
    const response = await request.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(response.headers()["cache-control"]).toMatch(/^public/);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/api/projects/active"].get.responses["200"]).toBeTruthy();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["bearerAuth", "sessionCookie"]);
  });

  test("reads as a page without JavaScript: operations by tag, parameters, responses", async ({ page }) => {
    // As the server sent it: the app's scripts are blocked (axe still needs script in the page).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Projects" })).toBeVisible();
    const detail = page.locator("#get_api_projects_id");
    await expect(detail.getByRole("heading", { level: 3 })).toHaveText(/GET\s*\/api\/projects\/\{id\}/);
    await expect(detail.getByRole("table", { name: "Parameters" })).toContainText("string (uuid)");
    await expect(detail.getByRole("link", { name: "ProjectDetail" })).toHaveAttribute("href", "#schema-ProjectDetail");
    await expect(page.locator("#schema-ProjectDetail")).toContainText("projectTeamMembers");
    // One of each part (the page repeats them 55 times; all of it takes axe too long on a small machine).
    const { violations } = await new AxeBuilder({ page })
      .include('nav[aria-label="API sections"]')
      .include("#put_api_users_role_id_profile")
      .include("#schema-ProjectDetail")
      .withTags(["wcag2a", "wcag2aa", "wcag22aa"])
      .analyze();
    expect(violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target}`))).toEqual(
      [],
    );
    // Not followed: a browser showing the JSON asks for /favicon.ico, a 404 the fixture counts as an error.
    await expect(page.getByRole("link", { name: "/api/openapi.json" }).first()).toHaveAttribute(
      "href",
      "/api/openapi.json",
    );
  });
});
