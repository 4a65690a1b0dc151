import { describe, expect, it } from "vitest";
import { handleDataRequest } from "~/entry.server";
import { loader as meLoader } from "~/routes/api/users/me";
import { loader as joinRequestsLoader } from "~/routes/api/projects/join-requests";
import { loader as activeLoader } from "~/routes/api/projects/active";
import { apiRequest, routeContext } from "../fixtures/api";
import { createProject, createUser } from "../fixtures/factories";

describe("personal answers are private, no-store", () => {
  it("GET /api/users/me", async () => {
    const user = await createUser();
    const response = await meLoader({
      request: await apiRequest("/api/users/me", { user }),
      params: {},
      context: routeContext,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a project's join request list, and its refusals", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin });
    const path = `/api/projects/${projectId}/join-requests`;
    const call = async (user: typeof admin) =>
      joinRequestsLoader({
        request: await apiRequest(path, { user }),
        params: { id: projectId },
        context: routeContext,
      });
    const listed = await call(admin);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("Cache-Control")).toBe("private, no-store");
    const refused = await call(await createUser());
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a public list keeps its own caching when asked without credentials, and is private with them", async () => {
    const anonymous = await activeLoader({
      request: await apiRequest("/api/projects/active"),
      params: {},
      context: routeContext,
    });
    expect(anonymous.headers.get("Cache-Control")).toBe("public, max-age=30, s-maxage=30");
    expect(anonymous.headers.get("Vary")).toBe("Cookie, Authorization");
    const signedIn = await activeLoader({
      request: await apiRequest("/api/projects/active", { user: await createUser() }),
      params: {},
      context: routeContext,
    });
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it(".data answers to a request with the session cookie, or that start a session", async () => {
    const withSession = new Request("http://localhost/work.data", { headers: { Cookie: "a=1; __session=abc" } });
    const marked = await handleDataRequest(new Response("{}"), {
      request: withSession,
      params: {},
      context: routeContext,
    });
    expect(marked.headers.get("Cache-Control")).toBe("private, no-store");

    const starting = new Response(null, { status: 204, headers: { "Set-Cookie": "__session=xyz; Path=/" } });
    const started = await handleDataRequest(starting, {
      request: new Request("http://localhost/auth-callback.data"),
      params: {},
      context: routeContext,
    });
    expect(started.headers.get("Cache-Control")).toBe("private, no-store");

    const anonymous = await handleDataRequest(new Response("{}"), {
      request: new Request("http://localhost/about.data", { headers: { Cookie: "__toast=x" } }),
      params: {},
      context: routeContext,
    });
    expect(anonymous.headers.get("Cache-Control")).toBeNull();
  });

  it("a 429 .data answer carries Retry-After", async () => {
    const limited = await handleDataRequest(new Response("", { status: 429 }), {
      request: new Request("http://localhost/login.data"),
      params: {},
      context: routeContext,
    });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
