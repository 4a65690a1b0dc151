import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import { action as chooseRoleAction } from "~/routes/account/choose-role";
import { loader as activeProjects } from "~/routes/api/projects/active";
import { action as createRequest } from "~/routes/api/projects/create-request";
import { action as decide } from "~/routes/api/projects/join-request-decision";
import { action as repository } from "~/routes/api/projects/repository";
import { action as profileApi } from "~/routes/api/users/profile";
import { action as projectPage } from "~/routes/public/project";
import { action as myProjects } from "~/routes/work/my-projects";
import { apiRequest, routeContext as context, sessionCookie } from "../fixtures/api";
import { createProject, createUser } from "../fixtures/factories";

/**
 * Input that once answered 500 (issue 8): each is refused with a 4xx and a message, and nothing
 * is written.
 */

let admin: CurrentUser;
let requester: CurrentUser;
let projectId: string;
let requesterCookie = "";

function formPost(path: string, cookie: string, fields: Record<string, string>, contentType?: string) {
  const body = new URLSearchParams(fields).toString();
  const headers: Record<string, string> = { Cookie: cookie };
  headers["Content-Type"] = contentType ?? "application/x-www-form-urlencoded";
  return new Request(`http://localhost${path}`, { method: "POST", headers, body });
}

/** The status of what an action returned (a Response or data with init) or threw. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    const result = (await call) as { status?: number; init?: { status?: number } };
    return result.status ?? result.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const joinRequestCount = async () =>
  Number((await db.selectFrom("join_requests").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  admin = await createUser({ name: "Ada Admin" });
  requester = await createUser({ name: "Rui Requester" });
  projectId = await createProject({ admin, roles: { Developer: 2 } });
  requesterCookie = await sessionCookie(requester);
});

describe("a NUL character in text", () => {
  it.each(["q", "technology", "language"])("in the public list's %s is a 400 with a field error", async (name) => {
    const response = await activeProjects({
      request: new Request(`http://localhost/api/projects/active?${name}=a%00b`),
      params: {},
      context,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors[name]).toEqual(["Remove the control characters from this text."]);
  });

  it("in a join request's role or message writes nothing", async () => {
    const before = await joinRequestCount();
    for (const body of [
      { requestedRole: "Devel\u0000oper", message: "" },
      { requestedRole: "Developer", message: "hi\u0000" },
    ]) {
      const request = await apiRequest(`/api/projects/${projectId}/createrequest`, {
        method: "POST",
        user: requester,
        body,
      });
      const response = await createRequest({ request, params: { id: projectId }, context });
      expect(response.status).toBe(400);
    }
    expect(await joinRequestCount()).toBe(before);
  });

  it("in the join form on the project page is a field error, not a crash", async () => {
    const before = await joinRequestCount();
    const request = formPost(`/project/${projectId}`, requesterCookie, {
      intent: "join",
      requestedRole: "Developer",
      message: "\u0000",
    });
    expect(await statusOf(projectPage({ request, params: { id: projectId }, context }))).toBe(400);
    expect(await joinRequestCount()).toBe(before);
  });

  it("in a decision's reason is a 400", async () => {
    const request = await apiRequest(`/api/projects/${projectId}/join-requests/${crypto.randomUUID()}/decision`, {
      method: "POST",
      user: admin,
      body: { isApproved: false, reason: "no\u0000" },
    });
    const response = await decide({
      request,
      params: { projectId, requestId: crypto.randomUUID() },
      context,
    });
    expect(response.status).toBe(400);
  });

  it("in a profile field is a 400 and the profile is unchanged", async () => {
    const request = await apiRequest(`/api/users/gainer/${requester.userId}/profile`, {
      method: "PUT",
      user: requester,
      body: {
        fullName: "Rui\u0000",
        biography: "Bio",
        currentRole: "Student",
        yearsOfExperience: 1,
        educationStatus: "Bootcamp",
        areasOfInterest: ["Web Development"],
      },
    });
    const response = await profileApi({ request, params: { role: "gainer", id: requester.userId }, context });
    expect(response.status).toBe(400);
    const row = await db.selectFrom("users").select("full_name").where("id", "=", requester.userId).executeTakeFirst();
    expect(row?.full_name).toBe("Rui Requester");
  });
});

describe("forms and bodies that could not be read", () => {
  it("POST /work intent=decide without a requestId is a 400", async () => {
    const cookie = await sessionCookie(admin);
    const request = formPost("/work", cookie, { intent: "decide", projectId, isApproved: "true" });
    expect(await statusOf(myProjects({ request, params: {}, context }))).toBe(400);
  });

  it("a form posted as JSON, plain text or with no type is a 415", async () => {
    for (const type of ["application/json", "text/plain", ""]) {
      const request = new Request(`http://localhost/project/${projectId}`, {
        method: "POST",
        headers: { Cookie: requesterCookie, ...(type ? { "Content-Type": type } : {}) },
        body: type === "application/json" ? '{"requestedRole":"Developer"}' : "requestedRole=Developer",
      });
      if (!type) request.headers.delete("Content-Type");
      expect(await statusOf(projectPage({ request, params: { id: projectId }, context }))).toBe(415);
    }
  });

  it("broken multipart is a 400", async () => {
    const request = new Request(`http://localhost/project/${projectId}`, {
      method: "POST",
      headers: { Cookie: requesterCookie, "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="requestedRole"\r\n\r\nDevel',
    });
    expect(await statusOf(projectPage({ request, params: { id: projectId }, context }))).toBe(400);
  });

  it("PUT /api/projects/{id}/repository with the body null is a 400", async () => {
    const request = await apiRequest(`/api/projects/${projectId}/repository`, {
      method: "PUT",
      user: admin,
      body: null,
    });
    const response = await repository({ request, params: { id: projectId }, context });
    expect(response.status).toBe(400);
  });

  it("an API body sent as form data is a 415", async () => {
    const request = await apiRequest(`/api/projects/${projectId}/createrequest`, { method: "POST", user: requester });
    const withForm = new Request(request, { body: "requestedRole=Developer" });
    withForm.headers.set("Content-Type", "application/x-www-form-urlencoded");
    const response = await createRequest({ request: withForm, params: { id: projectId }, context });
    expect(response.status).toBe(415);
  });
});

describe("choosing a role again", () => {
  it("sends someone who already has a profile home instead of failing", async () => {
    const mentor = await createUser({ role: "mentor" });
    const request = formPost("/choose-role", await sessionCookie(mentor), { role: "gainer" });
    const response = (await chooseRoleAction({ request, params: {}, context })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const row = await db.selectFrom("users").select("role").where("id", "=", mentor.userId).executeTakeFirst();
    expect(row?.role).toBe("mentor");
  });
});
