import { describe, expect, it } from "vitest";
import * as createRequestRoute from "~/routes/api/projects/create-request";
import * as joinRequestsRoute from "~/routes/api/projects/join-requests";
import * as myRequestsRoute from "~/routes/api/projects/my-requests";
import * as repositoryRoute from "~/routes/api/projects/repository";
import * as startRoute from "~/routes/api/projects/start";
import * as decisionRoute from "~/routes/api/projects/join-request-decision";
import * as startFromTemplateRoute from "~/routes/api/projects/start-from-template";
import * as myProjectsRoute from "~/routes/api/projects/my-projects";
import * as userProjectsRoute from "~/routes/api/projects/user-projects";
import * as validateUrlRoute from "~/routes/api/github/validate-url";
import { addMember, createProject, createUser } from "../fixtures/factories";
import { apiRequest, routeContext as context } from "../fixtures/api";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function setup() {
  const admin = await createUser({ name: "Ada Admin" });
  const member = await createUser({ name: "Max Member" });
  const outsider = await createUser({ name: "Olga Outsider" });
  const projectId = await createProject({ admin, roles: { Developer: 1 } });
  await addMember(projectId, member);
  return { admin, member, outsider, projectId };
}

describe("join request API", () => {
  it("create: 401 anonymous, 400 bad input, 201 created, 409 duplicate, 404 unknown, 400 malformed id", async () => {
    const { outsider, projectId } = await setup();
    const post = (user: typeof outsider | undefined, id: string, body: unknown) =>
      apiRequest(`/api/projects/${id}/createrequest`, { method: "POST", user, body }).then((request) =>
        createRequestRoute.action({ request, params: { id }, context }),
      );
    const anonymous = await post(undefined, projectId, { requestedRole: "Developer" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);

    const invalid = await post(outsider, projectId, { requestedRole: "", message: "x".repeat(501) });
    expect(invalid.status).toBe(400);
    const invalidBody = await invalid.json();
    expect(invalidBody.errors.requestedRole).toEqual(["Please select a role"]);
    expect(invalidBody.errors.message).toBeDefined();

    const created = await post(outsider, projectId, { requestedRole: "Developer", message: "Keen to help" });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      joinRequestId: expect.any(String),
      requesterFullName: "Olga Outsider",
      requestedRole: "Developer",
      status: "Pending",
      message: "Keen to help",
    });
    expect((await post(outsider, projectId, { requestedRole: "Developer" })).status).toBe(409);
    expect((await post(outsider, UNKNOWN, { requestedRole: "Developer" })).status).toBe(404);
    expect((await post(outsider, "not-a-uuid", { requestedRole: "Developer" })).status).toBe(400);

    const mine = await myRequestsRoute.loader({
      request: await apiRequest(`/api/projects/${projectId}/myrequests?status=Pending`, { user: outsider }),
      params: { id: projectId },
      context,
    });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toHaveLength(1);
    const badStatus = await myRequestsRoute.loader({
      request: await apiRequest(`/api/projects/${projectId}/myrequests?status=Maybe`, { user: outsider }),
      params: { id: projectId },
      context,
    });
    expect(badStatus.status).toBe(400);
  });

  it("list and decide: admins only (401/403/200), approval then 409 when decided again", async () => {
    const { admin, member, outsider, projectId } = await setup();
    const created = await createRequestRoute.action({
      request: await apiRequest(`/api/projects/${projectId}/createrequest`, {
        method: "POST",
        user: outsider,
        body: { requestedRole: "Developer" },
      }),
      params: { id: projectId },
      context,
    });
    const { joinRequestId } = await created.json();
    const list = async (user?: typeof admin) =>
      joinRequestsRoute.loader({
        request: await apiRequest(`/api/projects/${projectId}/join-requests?status=Pending`, { user }),
        params: { id: projectId },
        context,
      });
    expect((await list()).status).toBe(401);
    const forbidden = await list(member);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toContain("Only project administrators can access this feature.");
    expect((await list(outsider)).status).toBe(403);
    const listed = await list(admin);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([
      expect.objectContaining({ joinRequestId, requesterFullName: "Olga Outsider" }),
    ]);

    const decide = async (user: typeof admin | undefined, body: unknown) =>
      decisionRoute.action({
        request: await apiRequest(`/api/projects/${projectId}/join-requests/${joinRequestId}/decision`, {
          method: "POST",
          user,
          body,
        }),
        params: { projectId, requestId: joinRequestId },
        context,
      });
    expect((await decide(undefined, { isApproved: true })).status).toBe(401);
    expect((await decide(member, { isApproved: true })).status).toBe(403);
    expect((await decide(admin, { isApproved: "maybe" })).status).toBe(400);
    const approved = await decide(admin, { isApproved: true });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: "Approved" });
    expect((await decide(admin, { isApproved: false })).status).toBe(409);
  });
});

describe("project lifecycle API", () => {
  it("start from template: 401, 400 without role, 404 unknown, 201 with newProjectId", async () => {
    const templateId = await createProject({ kind: "template", roles: { Developer: 2 } });
    const user = await createUser();
    const start = async (who: typeof user | undefined, query: string, body: unknown) =>
      startFromTemplateRoute.action({
        request: await apiRequest(`/api/projects/start-from-template${query}`, { method: "POST", user: who, body }),
        params: {},
        context,
      });
    expect((await start(undefined, `?templateId=${templateId}`, { selectedRole: "Developer" })).status).toBe(401);
    expect((await start(user, "", { selectedRole: "Developer" })).status).toBe(400);
    expect((await start(user, "?templateId=nope", { selectedRole: "Developer" })).status).toBe(400);
    expect((await start(user, `?templateId=${UNKNOWN}`, { selectedRole: "Developer" })).status).toBe(404);
    const noRole = await start(user, `?templateId=${templateId}`, {});
    expect(noRole.status).toBe(400);
    expect((await noRole.json()).errors.selectedRole).toEqual(["Please select a role"]);
    const created = await start(user, `?templateId=${templateId}`, { selectedRole: "Developer" });
    expect(created.status).toBe(201);
    const { newProjectId } = await created.json();

    const mine = await myProjectsRoute.loader({
      request: await apiRequest("/api/projects/user/me", { user }),
      params: {},
      context,
    });
    expect(await mine.json()).toEqual([
      expect.objectContaining({ projectId: newProjectId, projectStatus: "Pending", isAdmin: true }),
    ]);
    expect(
      (await myProjectsRoute.loader({ request: await apiRequest("/api/projects/user/me"), params: {}, context }))
        .status,
    ).toBe(401);
    const theirs = await userProjectsRoute.loader({
      request: await apiRequest(`/api/projects/user/${user.userId}`, { user: await createUser() }),
      params: { id: user.userId },
      context,
    });
    expect(await theirs.json()).toEqual([expect.objectContaining({ projectId: newProjectId, isAdmin: false })]);
  });

  it("start: 401 anonymous, 403 member and outsider, 200 admin, 409 again", async () => {
    const admin = await createUser();
    const member = await createUser();
    const projectId = await createProject({ admin, status: "Pending" });
    await addMember(projectId, member);
    const start = async (who?: typeof admin) =>
      startRoute.action({
        request: await apiRequest(`/api/projects/${projectId}/start`, { method: "POST", user: who }),
        params: { id: projectId },
        context,
      });
    expect((await start()).status).toBe(401);
    expect((await start(member)).status).toBe(403);
    expect((await start(await createUser())).status).toBe(403);
    const started = await start(admin);
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ projectId, projectStatus: "InProgress" });
    expect((await start(admin)).status).toBe(409);
  });

  it("repository: PUT with a string or {url}; 400 invalid; 403 non-admin; validate-url answers isValid", async () => {
    const admin = await createUser();
    const member = await createUser();
    const projectId = await createProject({ admin });
    await addMember(projectId, member);
    const put = async (who: typeof admin | undefined, body: unknown) =>
      repositoryRoute.action({
        request: await apiRequest(`/api/projects/${projectId}/repository`, { method: "PUT", user: who, body }),
        params: { id: projectId },
        context,
      });
    expect((await put(undefined, "https://github.com/octo/app")).status).toBe(401);
    expect((await put(member, "https://github.com/octo/app")).status).toBe(403);
    const invalid = await put(admin, { url: "https://example.org/octo/app" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors.url).toEqual(["Please enter a valid GitHub repository URL."]);
    expect((await put(admin, "https://github.com/octo/app")).status).toBe(200);
    const linked = await put(admin, { url: "https://www.github.com/octo/other/" });
    expect(await linked.json()).toEqual({ projectId, repositoryUrl: "https://github.com/octo/other" });

    const validate = async (body: unknown) =>
      (
        await validateUrlRoute.action({
          request: await apiRequest("/api/github/validate-url", { method: "POST", body }),
          params: {},
          context,
        })
      ).json();
    expect(await validate({ url: "https://github.com/a/b" })).toEqual({
      isValid: true,
      message: "Valid GitHub repository URL.",
    });
    expect(await validate({ url: "" })).toEqual({ isValid: false, message: "Please enter a repository URL." });
    expect(await validate({})).toEqual({ isValid: false, message: "Please enter a repository URL." });
  });
});
