import { beforeAll, describe, expect, it } from "vitest";
import { appRoutes, dispatch, fillPattern, methodsOf } from "../fixtures/routes";
import { buildWorld, paramsFor, type Persona, PERSONAS, SECRET, type World } from "../fixtures/world";

/**
 * The permission matrix, generated from app/routes.ts: every route and method × anonymous,
 * signed-in outsider, member, project admin and mentor (a member whose role is Mentor; unless an
 * entry says otherwise, answered as the member) (API routes also with the admin's bearer token),
 * against the expected status written down below. A route without an entry fails, so a new route
 * gets its permissions decided when it is added. Refusals must not carry the project's data.
 *
 * Each write runs on a world of its own, so one persona's delete cannot change the next one's answer.
 * Statuses are what a real client sees: screens redirect anonymous people to sign-in (302) and
 * answer refusals with the error screen's status; the API answers 401/403/404 as JSON.
 */

type Expected = Record<Persona, number>;
/** What a write sends: JSON for the API, form fields for screens. */
type Body = (world: World) => Record<string, unknown>;
interface Entry {
  expected: Expected;
  body?: Body;
  query?: (world: World) => string;
}

const [A, O, M, D, R] = PERSONAS;
const of = (anonymous: number, outsider: number, member: number, admin: number, mentor = member): Expected =>
  ({
    [A!]: anonymous,
    [O!]: outsider,
    [M!]: member,
    [D!]: admin,
    [R!]: mentor,
  }) as Expected;
const everyone = (status: number) => of(status, status, status, status);
const inAFortnight = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

const MATRIX: Record<string, Entry> = {
  // Public screens.
  "GET /": { expected: everyone(200) },
  "GET /about": { expected: everyone(200) },
  "GET /Learn": { expected: everyone(200) },
  "GET /contact": { expected: everyone(200) },
  "GET /terms": { expected: everyone(200) },
  "GET /home-page": { expected: everyone(302) },
  "GET /search-projects": { expected: everyone(200) },
  "GET /search-result": { expected: of(302, 200, 200, 200) },
  "GET /project/:id": { expected: everyone(200) },
  // Asking to join: members and the admin already belong (409, shown on the form).
  "POST /project/:id": {
    expected: of(302, 302, 409, 409),
    body: () => ({ intent: "join", requestedRole: "Developer", message: "Hello" }),
  },

  // Account.
  "GET /login": { expected: everyone(302) },
  "GET /logout": { expected: of(302, 200, 200, 200) },
  "POST /logout": { expected: everyone(302) },
  "GET /auth-callback": { expected: everyone(302) },
  "GET /signin": { expected: everyone(302) },
  // Everyone here has chosen a role already: onboarding sends them home.
  "GET /choose-role": { expected: everyone(302) },
  "POST /choose-role": { expected: everyone(302), body: () => ({ role: "mentor" }) },
  "GET /onboarding/gainer-profile": { expected: of(302, 200, 200, 200) },
  "POST /onboarding/gainer-profile": { expected: of(302, 400, 400, 400) },
  "GET /onboarding/mentor-profile": { expected: of(302, 200, 200, 200) },
  "POST /onboarding/mentor-profile": { expected: of(302, 400, 400, 400) },
  "GET /onboarding/nonprofit-profile": { expected: of(302, 200, 200, 200) },
  "POST /onboarding/nonprofit-profile": { expected: of(302, 400, 400, 400) },
  "GET /profile/:role/:id": { expected: everyone(200) },
  "GET /profile/:id": { expected: everyone(302) },
  "GET /notifications": { expected: of(302, 200, 200, 200) },
  "POST /notifications": { expected: of(302, 302, 302, 302), body: () => ({ intent: "read-all" }) },
  "GET /notifications/feed": { expected: of(401, 200, 200, 200) },

  // Work area: members only; outsiders get the error screen's 403.
  "GET /work": { expected: of(302, 200, 200, 200) },
  "POST /work": {
    // Deciding a join request: only the admin may; others are sent back with an error toast.
    expected: of(302, 302, 302, 302),
    body: (w) => ({
      intent: "decide",
      projectId: w.params.projectId,
      requestId: w.params.requestId,
      tab: "active",
      decision: "approve",
    }),
  },
  // Without a project it only says one is needed and links back to My Projects.
  "GET /work/tmp": { expected: everyone(200) },
  "GET /work/tmp/:projectId": { expected: of(302, 403, 200, 200) },
  "POST /work/tmp/:projectId": {
    expected: of(302, 403, 302, 302),
    body: () => ({ intent: "create-task", title: "A task from the matrix" }),
  },
  "GET /work/projects/:projectId": { expected: of(302, 403, 200, 200) },
  "POST /work/projects/:projectId": {
    expected: of(302, 403, 302, 302),
    body: () => ({ intent: "create-task", title: "A task from the matrix" }),
  },
  "GET /work/projects/:projectId/tasks/:taskId": { expected: of(302, 403, 200, 200) },
  "POST /work/projects/:projectId/tasks/:taskId": {
    expected: of(302, 403, 302, 302),
    body: () => ({ intent: "status", status: "Done" }),
  },
  "GET /work/projects/:projectId/forum/:postId": { expected: of(302, 403, 200, 200) },
  "POST /work/projects/:projectId/forum/:postId": {
    expected: of(302, 403, 302, 302),
    body: (w) => ({ intent: "create-reply", postId: w.params.postId, content: "A reply from the matrix" }),
  },
  "GET /work/projects/:projectId/sync": { expected: of(302, 403, 302, 302) },
  "POST /work/projects/:projectId/sync": { expected: of(302, 403, 302, 302) },
  "GET /work/projects/:projectId/notifications": { expected: of(302, 403, 302, 302) },
  "POST /work/projects/:projectId/notifications": { expected: of(302, 403, 302, 302), body: () => ({ muted: "true" }) },
  "GET /ai-insight": { expected: of(302, 200, 200, 200) },
  "POST /ai-insight": { expected: of(302, 302, 302, 302) },
  "GET /ai-insight/:projectId": { expected: of(302, 403, 200, 200) },
  "POST /ai-insight/:projectId": { expected: of(302, 403, 302, 302) },
  // Notification targets forward to the screen that shows the thing (which then checks rights).
  "GET /projects/:id": { expected: everyone(302) },
  "GET /projects/:id/join-requests": { expected: everyone(302) },
  "GET /projects/:id/tasks": { expected: everyone(302) },
  "GET /projects/:id/forum": { expected: everyone(302) },

  // API: users.
  "GET /api/users/me": { expected: of(401, 200, 200, 200) },
  "POST /api/users/me/ensure": { expected: of(401, 200, 200, 200) },
  "GET /api/users/me/summary": { expected: of(401, 200, 200, 200) },
  // :userId is the admin: only they may read their dashboard.
  "GET /api/users/:userId/dashboard": { expected: of(401, 403, 403, 200) },
  "GET /api/users/:role/:id/profile": { expected: of(401, 200, 200, 200) },
  // Only the profile's owner (the admin) may save it; an empty form is then a 400.
  "PUT /api/users/:role/:id/profile": { expected: of(401, 403, 403, 400) },
  "GET /api/users/public/:role/:id/profile": { expected: everyone(200) },
  "GET /api/match/profile": { expected: of(401, 200, 200, 200) },

  // API: projects.
  "GET /api/projects/active": { expected: everyone(200) },
  "GET /api/projects/templates": { expected: everyone(200) },
  "GET /api/projects/search/vector": { expected: everyone(200), query: () => "?query=project" },
  "POST /api/projects/start-from-template": {
    expected: of(401, 201, 201, 201),
    query: (w) => `?templateId=${w.params.templateId}`,
    body: () => ({ selectedRole: "Developer" }),
  },
  "GET /api/projects/template/:id": { expected: everyone(200) },
  "GET /api/projects/user/me": { expected: of(401, 200, 200, 200) },
  "GET /api/projects/user/:id": { expected: of(401, 200, 200, 200) },
  "GET /api/projects/:id": { expected: everyone(200) },
  // Starting is the admin's; this project is already under way.
  "POST /api/projects/:id/start": { expected: of(401, 403, 403, 409) },
  "PUT /api/projects/:id/repository": {
    expected: of(401, 403, 403, 200),
    body: () => ({ url: "https://github.com/octo/repo" }),
  },
  "POST /api/projects/:id/createrequest": {
    expected: of(401, 201, 409, 409),
    body: () => ({ requestedRole: "Developer", message: "Hello" }),
  },
  "GET /api/projects/:id/myrequests": { expected: of(401, 200, 200, 200) },
  "GET /api/projects/:id/join-requests": { expected: of(401, 403, 403, 200) },
  // Withdrawing is the requester's own; nobody else may.
  "DELETE /api/projects/:projectId/join-requests/:requestId": { expected: of(401, 403, 403, 403) },
  "POST /api/projects/:projectId/join-requests/:requestId/decision": {
    expected: of(401, 403, 403, 200),
    body: () => ({ isApproved: true }),
  },

  // API: tasks.
  "POST /api/projects/:projectId/tasks": { expected: of(401, 403, 201, 201), body: () => ({ title: "Matrix task" }) },
  "GET /api/projects/:projectId/tasks/my-tasks": { expected: of(401, 403, 200, 200) },
  "GET /api/projects/:projectId/tasks/board": { expected: of(401, 403, 200, 200) },
  "GET /api/tasks/:taskId": { expected: of(401, 403, 200, 200) },
  "PUT /api/tasks/:taskId": { expected: of(401, 403, 200, 200), body: () => ({ status: "Done" }) },
  // The task is the admin's: deleting is its creator's or an admin's, editing any member's.
  "DELETE /api/tasks/:taskId": { expected: of(401, 403, 403, 204) },
  "POST /api/tasks/:taskId/subtasks": { expected: of(401, 403, 201, 201), body: () => ({ title: "Matrix step" }) },
  "PUT /api/tasks/:taskId/subtasks/:subtaskId": {
    expected: of(401, 403, 200, 200),
    body: () => ({ title: "Renamed" }),
  },
  "DELETE /api/tasks/:taskId/subtasks/:subtaskId": { expected: of(401, 403, 204, 204) },
  "PUT /api/tasks/:taskId/subtasks/:subtaskId/toggle": { expected: of(401, 403, 200, 200), body: () => ({}) },
  // The comment is the member's: only they may edit it; they or an admin may delete it.
  "GET /api/tasks/:taskId/comments": { expected: of(401, 403, 200, 200) },
  "POST /api/tasks/:taskId/comments": { expected: of(401, 403, 201, 201), body: () => ({ content: "Matrix comment" }) },
  "PUT /api/tasks/:taskId/comments/:commentId": {
    expected: of(401, 403, 200, 403, 403),
    body: () => ({ content: "Edited comment" }),
  },
  "DELETE /api/tasks/:taskId/comments/:commentId": { expected: of(401, 403, 204, 204, 403) },
  "GET /api/tasks/:taskId/events": { expected: of(401, 403, 200, 200) },
  // Mentor review (world.ts: each route's task is at its step; the member is the assignee).
  "GET /api/tasks/:taskId/reviews": { expected: of(401, 403, 200, 200, 200) },
  // Only the assignee requests.
  "POST /api/tasks/:taskId/reviews": { expected: of(401, 403, 201, 403, 403), body: () => ({ note: "Please look" }) },
  // Mentors and admins claim; a plain member may not.
  "POST /api/tasks/:taskId/reviews/claim": { expected: of(401, 403, 403, 200, 200) },
  // The mentor claimed it: only they release or decide, not even the admin.
  "POST /api/tasks/:taskId/reviews/release": { expected: of(401, 403, 403, 403, 200) },
  "POST /api/tasks/:taskId/reviews/decision": {
    expected: of(401, 403, 403, 403, 200),
    body: () => ({ decision: "changes", comment: "Matrix comment" }),
  },

  // API: milestones: every member plans them (spec: no finer roles than membership).
  "GET /api/milestones": { expected: of(401, 403, 200, 200), query: (w) => `?projectId=${w.params.projectId}` },
  "POST /api/milestones": {
    expected: of(401, 403, 201, 201),
    body: (w) => ({ projectId: w.params.projectId, title: "Matrix milestone", targetDateUtc: inAFortnight() }),
  },
  "GET /api/milestones/:milestoneId": { expected: of(401, 403, 200, 200) },
  "PUT /api/milestones/:milestoneId": {
    expected: of(401, 403, 200, 200),
    body: () => ({ title: "Renamed milestone", targetDateUtc: inAFortnight() }),
  },
  "DELETE /api/milestones/:milestoneId": { expected: of(401, 403, 204, 204) },
  "PUT /api/milestones/:milestoneId/status": { expected: of(401, 403, 200, 200), body: () => ({ status: "Active" }) },

  // API: GitHub (no repository is linked to this project).
  "POST /api/github/validate-url": { expected: everyone(200), body: () => ({ url: "https://github.com/octo/repo" }) },
  "GET /api/github/projects/:projectId/repository": { expected: of(401, 403, 404, 404) },
  "GET /api/github/projects/:projectId/stats": { expected: of(401, 403, 200, 200) },
  "GET /api/github/projects/:projectId/contributions": { expected: of(401, 403, 200, 200) },
  "POST /api/github/projects/:projectId/sync": { expected: of(401, 403, 404, 404) },
  "GET /api/github/projects/:projectId/sync-status": { expected: of(401, 403, 200, 200) },

  // API: forum (the post is the member's, the reply the admin's).
  "GET /api/forum/projects/:projectId/posts": { expected: of(401, 403, 200, 200) },
  "POST /api/forum/posts": {
    expected: of(401, 403, 201, 201),
    body: (w) => ({ projectId: w.params.projectId, content: "Matrix post" }),
  },
  "GET /api/forum/posts/:postId": { expected: of(401, 403, 200, 200) },
  "PUT /api/forum/posts/:postId": { expected: of(401, 403, 200, 403, 403), body: () => ({ content: "Edited" }) },
  "DELETE /api/forum/posts/:postId": { expected: of(401, 403, 204, 204, 403) },
  "POST /api/forum/posts/:postId/like": { expected: of(401, 403, 200, 200), body: () => ({}) },
  "POST /api/forum/replies": {
    expected: of(401, 403, 201, 201),
    body: (w) => ({ postId: w.params.postId, content: "Matrix reply" }),
  },
  "PUT /api/forum/replies/:replyId": { expected: of(401, 403, 403, 200), body: () => ({ content: "Edited" }) },
  "DELETE /api/forum/replies/:replyId": { expected: of(401, 403, 403, 204) },
  "POST /api/forum/replies/:replyId/like": { expected: of(401, 403, 200, 200), body: () => ({}) },

  // The API's own description: public.
  "GET /api/openapi.json": { expected: everyone(200) },
  "GET /api/docs": { expected: everyone(200) },

  // Unknown addresses.
  "GET /api/*": { expected: everyone(404) },
  "POST /api/*": { expected: everyone(404), body: () => ({}) },
  "GET /*": { expected: everyone(404) },
};

async function requestAs(
  world: World,
  persona: Persona,
  method: string,
  route: (typeof appRoutes)[number],
  entry?: Entry,
) {
  const address = fillPattern(route.pattern, paramsFor(world, route.pattern)) + (entry?.query?.(world) ?? "");
  const headers = new Headers();
  const cookie = await world.cookieFor(persona);
  if (cookie) headers.set("Cookie", cookie);
  let body: string | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const fields = entry?.body?.(world) ?? {};
    if (route.isApi) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(fields);
    } else {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(fields as Record<string, string>).toString();
    }
  }
  return dispatch(new Request(`http://localhost${address}`, { method, headers, body }));
}

let shared: World;
beforeAll(async () => {
  shared = await buildWorld();
});

describe("the permission matrix", () => {
  it("has an entry for every route and method app/routes.ts declares, and no stale ones", async () => {
    const declared: string[] = [];
    for (const route of appRoutes) {
      const address = fillPattern(route.pattern, paramsFor(shared, route.pattern));
      for (const method of await methodsOf(route, address)) declared.push(`${method} ${route.pattern}`);
    }
    expect(
      declared.filter((key) => !MATRIX[key]),
      "routes without an entry",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !declared.includes(key)),
      "entries without a route",
    ).toEqual([]);
  });

  it("answers every route, method and persona as written, refusals without the project's data", async () => {
    const differences: string[] = [];
    for (const route of appRoutes) {
      const probe = fillPattern(route.pattern, paramsFor(shared, route.pattern));
      for (const method of await methodsOf(route, probe)) {
        const entry = MATRIX[`${method} ${route.pattern}`];
        if (!entry) continue; // reported by the test above
        for (const persona of PERSONAS) {
          // Writes get a world of their own: an earlier persona's delete must not decide this answer.
          const world = method === "GET" ? shared : await buildWorld();
          const answer = await requestAs(world, persona, method, route, entry);
          const where = `${method} ${route.pattern} as ${persona}`;
          if (answer.status !== entry.expected[persona]) {
            const why = answer.error ? ` (${(answer.error as Error).message})` : "";
            differences.push(`${where}: ${answer.status}, expected ${entry.expected[persona]}${why}`);
          }
          if ([401, 403, 404].includes(answer.status) && answer.body.includes(SECRET)) {
            differences.push(`${where}: the refusal shows the project's data`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  }, 300_000);

  it("takes a bearer token wherever the API takes the session cookie", async () => {
    const { bearerFor } = await import("../fixtures/api");
    const authorization = await bearerFor(shared.people.admin);
    for (const route of appRoutes.filter((r) => r.isApi && !r.pattern.includes("*"))) {
      const entry = MATRIX[`GET ${route.pattern}`];
      if (!entry) continue;
      const address = fillPattern(route.pattern, paramsFor(shared, route.pattern)) + (entry.query?.(shared) ?? "");
      const answer = await dispatch(
        new Request(`http://localhost${address}`, { headers: { Authorization: authorization } }),
      );
      expect(answer.status, `GET ${route.pattern} with a bearer token`).toBe(entry.expected.admin);
    }
  }, 120_000);
});
