import { expect, test } from "./fixtures";

test("public lists are arrays with paging headers", async ({ request }) => {
  const response = await request.get("/api/projects/active?page=2&pageSize=5");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = await response.json();
  expect(Array.isArray(body)).toBe(true);
  expect(body).toHaveLength(5);
  expect(body[0]).toMatchObject({
    projectId: expect.any(String),
    projectName: expect.any(String),
    openPositions: expect.any(Number),
  });
  expect(Number(response.headers()["x-total-count"])).toBeGreaterThanOrEqual(10);
  expect(response.headers()["link"]).toMatch(/rel="prev".*rel="next"/);
  const templates = await request.get("/api/projects/templates");
  expect((await templates.json()).every((item: { kind: string }) => item.kind === "template")).toBe(true);
});

test("bad input is 400, unknown is 404, never 500", async ({ request }) => {
  expect((await request.get("/api/projects/active?pageSize=1000")).status()).toBe(400);
  expect((await request.get("/api/projects/active?page=abc")).status()).toBe(400);
  expect((await request.get("/api/projects/active?difficulty=Expert")).status()).toBe(400);
  expect((await request.get("/api/projects/not-a-uuid")).status()).toBe(400);
  const missing = await request.get("/api/projects/00000000-0000-4000-8000-000000000000");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ message: "Project not found." });
  expect((await request.get("/api/projects/search/vector?query=")).status()).toBe(400);
  const unknown = await request.get("/api/no/such/thing");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toContain("application/json");
  expect((await request.post("/api/projects/active")).status()).toBe(405);
});

test("search answers {projects} best first", async ({ request }) => {
  const response = await request.get(
    "/api/projects/search/vector?query=help%20an%20animal%20shelter%20with%20volunteers&count=3",
  );
  expect(response.status()).toBe(200);
  const { projects } = await response.json();
  expect(projects).toHaveLength(3);
  expect(projects[0].projectName).toMatch(/shelter|dog|animal|pet/i);
});
