import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { action as createRequest } from "~/routes/api/projects/create-request";
import { action as startFromTemplate } from "~/routes/api/projects/start-from-template";
import { action as projectPage } from "~/routes/public/project";
import { action as myProjects } from "~/routes/work/my-projects";
import { apiRequest, routeContext as context, sessionCookie } from "../fixtures/api";
import { createProject, createUser } from "../fixtures/factories";

/** Actions honour the onboarding guard as pages do (issue 8): no profile, no acting. */

function formPost(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function thrownBy(call: Promise<unknown>): Promise<Response> {
  try {
    await call;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a thrown response");
}

const requestsOf = async (userId: string) =>
  (await db.selectFrom("join_requests").select("id").where("user_id", "=", userId).execute()).length;

describe("the onboarding guard on actions", () => {
  it("a person without a profile asking to join through the form is sent to choose a role; nothing is written", async () => {
    const newcomer = await createUser({ role: null, profileCompleted: false });
    const projectId = await createProject({ admin: await createUser(), roles: { Developer: 2 } });
    const cookie = await sessionCookie(newcomer);
    const request = formPost(`/project/${projectId}`, cookie, { intent: "join", requestedRole: "Developer" });
    const response = await thrownBy(projectPage({ request, params: { id: projectId }, context }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/choose-role");
    expect(await requestsOf(newcomer.userId)).toBe(0);

    const work = await thrownBy(
      myProjects({ request: formPost("/work", cookie, { intent: "start", projectId }), params: {}, context }),
    );
    expect(work.headers.get("Location")).toBe("/choose-role");
  });

  it("the API answers 403 'Please create your profile first.'", async () => {
    const newcomer = await createUser({ role: null, profileCompleted: false });
    const projectId = await createProject({ admin: await createUser(), roles: { Developer: 2 } });
    const response = await createRequest({
      request: await apiRequest(`/api/projects/${projectId}/createrequest`, {
        method: "POST",
        user: newcomer,
        body: { requestedRole: "Developer", message: "Hello" },
      }),
      params: { id: projectId },
      context,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Please create your profile first.", errors: {} });
    expect(await requestsOf(newcomer.userId)).toBe(0);

    const templateId = await createProject({ kind: "template" });
    const started = await startFromTemplate({
      request: await apiRequest(`/api/projects/start-from-template?templateId=${templateId}`, {
        method: "POST",
        user: newcomer,
        body: { selectedRole: "Developer" },
      }),
      params: {},
      context,
    });
    expect(started.status).toBe(403);
  });

  it("a person with a profile still asks to join", async () => {
    const person = await createUser();
    const projectId = await createProject({ admin: await createUser(), roles: { Developer: 2 } });
    const cookie = await sessionCookie(person);
    const request = formPost(`/project/${projectId}`, cookie, { intent: "join", requestedRole: "Developer" });
    const response = await thrownBy(projectPage({ request, params: { id: projectId }, context })).catch(() => null);
    // A redirect back to the project with a toast (returned, not thrown).
    expect(response).toBeNull();
    expect(await requestsOf(person.userId)).toBe(1);
  });
});
