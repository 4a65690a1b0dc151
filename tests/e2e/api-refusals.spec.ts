import { expect, test } from "./fixtures";

/** What the HTTP host refuses before any route runs (issue 8): methods, sizes and bad text. */

test("a screen without an action answers POST with 405, 'Method not allowed.' and Allow", async ({ request }) => {
  for (const path of ["/about", "/search-projects", "/about.data"]) {
    const response = await request.post(path, { form: { anything: "1" } });
    expect(response.status(), path).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD");
    expect(await response.text()).toBe("Method not allowed.");
  }
});

test("DELETE and PUT on a screen with an action are 405 and never reach the action", async ({ request }) => {
  const project = "/project/00000000-0000-4000-8000-000000000000";
  for (const method of ["DELETE", "PUT", "PATCH"]) {
    const response = await request.fetch(project, { method, form: { requestedRole: "Developer" } });
    expect(response.status(), method).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
  }
});

test("an API route names the methods it takes", async ({ request }) => {
  const response = await request.delete("/api/projects/active");
  expect(response.status()).toBe(405);
  expect(response.headers()["allow"]).toBe("GET");
  expect(await response.json()).toEqual({ message: "Method not allowed.", errors: {} });
});

test("bodies over 100 KB are refused with 413, forms and JSON alike", async ({ request }) => {
  const big = "x".repeat(101 * 1024);
  const form = await request.post("/project/00000000-0000-4000-8000-000000000000", { form: { message: big } });
  expect(form.status()).toBe(413);
  const json = await request.post("/api/github/validate-url", { data: { url: big } });
  expect(json.status()).toBe(413);
  expect(await json.json()).toMatchObject({ message: "The request is too large." });
});

test("a NUL character in a public query is a 400 with a field error", async ({ request }) => {
  for (const name of ["q", "technology", "language"]) {
    const response = await request.get(`/api/projects/active?${name}=%00`);
    expect(response.status(), name).toBe(400);
    expect((await response.json()).errors[name]).toBeTruthy();
  }
  expect((await request.get("/search-projects?q=%00")).status()).toBe(200);
});
