import { randomBytes } from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import * as logoutRoute from "~/routes/account/logout";
import * as postsRoute from "~/routes/api/forum/posts";
import * as projectPageRoute from "~/routes/work/project-page";
import { TOO_MANY_REQUESTS } from "~/http/rate-limit.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { readToast, TOAST_COOKIE } from "~/http/toast.server";
import { wasWriteRefused, withWriteLimits } from "~/http/write-limit.server";
import { apiRequest, routeContext, sessionCookie } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/**
 * RATE_LIMIT_WRITES_PER_MINUTE over every action (issue 32, item 4): the routes go through
 * `withWriteLimits` as server.ts hands them to Remix. Two builds wrapped separately stand for two
 * instances: their counts meet in the database.
 */
type RouteModule = ServerBuild["routes"][string]["module"];
type Action = NonNullable<RouteModule["action"]>;

const ROUTE_MODULES: Record<string, RouteModule> = {
  "routes/api/forum/posts": postsRoute as unknown as RouteModule,
  "routes/work/project-page": projectPageRoute as unknown as RouteModule,
  "routes/account/logout": logoutRoute as unknown as RouteModule,
};

/** An "instance": the routes as server.ts gives them to Remix. */
function instance(): Record<string, Action> {
  const routes = Object.fromEntries(
    Object.entries(ROUTE_MODULES).map(([id, module]) => [id, { id, path: id, module }]),
  ) as unknown as ServerBuild["routes"];
  const build = withWriteLimits({ routes } as ServerBuild);
  return Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route.module.action!]));
}

const address = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomBytes(3).toString("hex")}`;

async function setup() {
  const admin = await createUser();
  const member = await createUser();
  const projectId = await createProject({ admin });
  await addMember(projectId, member);
  return { admin, member, projectId };
}

/** POST /api/forum/posts through one instance, as `user` from `clientAddress`. */
async function apiPost(app: Record<string, Action>, user: CurrentUser, projectId: string, clientAddress: string) {
  const request = await apiRequest("/api/forum/posts", {
    method: "POST",
    user,
    body: { projectId, content: `Post ${randomBytes(3).toString("hex")}` },
  });
  return (await app["routes/api/forum/posts"]!({
    request,
    params: {},
    context: { ...routeContext, clientAddress },
  })) as Response;
}

/**
 * The work page's post composer: without JavaScript (the browser navigates) unless `fetchMode`
 * says the page's script sent it (Remix's fetch has Sec-Fetch-Mode cors or same-origin).
 */
async function formPost(
  app: Record<string, Action>,
  user: CurrentUser,
  projectId: string,
  clientAddress: string,
  fetchMode = "navigate",
) {
  const body = new URLSearchParams({ intent: "create-post", projectId, content: "My long considered post" });
  const request = new Request(`http://localhost/work/projects/${projectId}?index&tab=forum`, {
    method: "POST",
    headers: {
      Cookie: await sessionCookie(user),
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Mode": fetchMode,
    },
    body,
  });
  return runInRequestScope(async () => {
    const answer = await app["routes/work/project-page"]!({
      request,
      params: { projectId },
      context: { ...routeContext, clientAddress },
    });
    return { answer, refused: wasWriteRefused(request) };
  });
}

async function postCount(projectId: string): Promise<number> {
  const row = await db
    .selectFrom("forum_posts")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const statusOf = (answer: unknown): number =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);

describe("the writes limit covers every action, per person and per address", () => {
  const limit = config.RATE_LIMIT_WRITES_PER_MINUTE;
  // Counts are per clock minute: a test that straddles one would start counting again.
  beforeEach(async () => {
    const seconds = new Date().getSeconds();
    if (seconds >= 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
  });
  afterEach(() => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = limit;
  });

  it("31 forum posts in a minute through the API: the 31st is 429 JSON with Retry-After, nothing written", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 30;
    const { member, projectId } = await setup();
    const app = instance();
    const from = address();
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await apiPost(app, member, projectId, from)).status);
    expect(statuses).toEqual(Array(30).fill(201));
    const refused = await apiPost(app, member, projectId, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ message: TOO_MANY_REQUESTS, errors: {} });
    expect(await postCount(projectId)).toBe(30);
  });

  it("the form action: the 31st post re-renders the form with its text and the message, status 429", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 30;
    const { member, projectId } = await setup();
    const app = instance();
    const from = address();
    for (let i = 0; i < 30; i++) {
      const { answer, refused } = await formPost(app, member, projectId, from);
      expect(statusOf(answer)).toBe(302);
      expect(refused).toBe(false);
    }
    const { answer, refused } = await formPost(app, member, projectId, from);
    expect(statusOf(answer)).toBe(429);
    const { data, init } = answer as { data: Record<string, unknown>; init: { headers: Record<string, string> } };
    expect(Number(init.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(data).toMatchObject({
      rateLimited: true,
      message: TOO_MANY_REQUESTS,
      intent: "create-post",
      result: {
        status: "error",
        initialValue: { content: "My long considered post", intent: "create-post" },
        error: { "": [TOO_MANY_REQUESTS] },
      },
    });
    // The root shows the message on the page rendered again.
    expect(refused).toBe(true);
    expect(await postCount(projectId)).toBe(30);
  });

  it("a refusal sent by script also leaves the message as a flash, which the root reads when it revalidates", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 1;
    const { member, projectId } = await setup();
    const app = instance();
    const from = address();
    expect(statusOf((await formPost(app, member, projectId, from, "same-origin")).answer)).toBe(302);
    const byScript = (await formPost(app, member, projectId, from, "same-origin")).answer as {
      init: { status: number; headers: Record<string, string> };
    };
    expect(byScript.init.status).toBe(429);
    const cookie = byScript.init.headers["Set-Cookie"]!;
    expect(cookie).toMatch(new RegExp(`^${TOAST_COOKIE}=`));
    const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }));
    expect(toast).toEqual({ type: "error", message: TOO_MANY_REQUESTS });
    // A plain form post shows it on the page it gets back; a flash would show it twice.
    const plain = (await formPost(app, member, projectId, from)).answer as {
      init: { headers: Record<string, string> };
    };
    expect(plain.init.headers).not.toHaveProperty("Set-Cookie");
  });

  it("per person: one person from many addresses, through the API and forms alike", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 4;
    const { member, projectId } = await setup();
    const app = instance();
    for (let i = 0; i < 2; i++) expect((await apiPost(app, member, projectId, address())).status).toBe(201);
    for (let i = 0; i < 2; i++) expect(statusOf((await formPost(app, member, projectId, address())).answer)).toBe(302);
    expect((await apiPost(app, member, projectId, address())).status).toBe(429);
    expect(statusOf((await formPost(app, member, projectId, address())).answer)).toBe(429);
    // Someone else is not held back.
    const { admin, projectId: theirs } = await setup();
    expect((await apiPost(app, admin, theirs, address())).status).toBe(201);
  });

  it("per address: many people from one address", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 3;
    const from = address();
    const app = instance();
    const people = await Promise.all(Array.from({ length: 4 }, () => setup()));
    const statuses = [];
    for (const { member, projectId } of people) statuses.push((await apiPost(app, member, projectId, from)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // The same people from other addresses still may.
    expect((await apiPost(app, people[3]!.member, people[3]!.projectId, address())).status).toBe(201);
  });

  it("two instances share the count (the counters live in the database)", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 4;
    const { member, projectId } = await setup();
    const [first, second] = [instance(), instance()];
    const statuses = [];
    for (const app of [first, second, first, second, first, second]) {
      statuses.push((await apiPost(app, member, projectId, address())).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it("signing out is never refused", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 1;
    const { member, projectId } = await setup();
    const app = instance();
    const from = address();
    expect((await apiPost(app, member, projectId, from)).status).toBe(201);
    expect((await apiPost(app, member, projectId, from)).status).toBe(429);
    const request = new Request("http://localhost/logout", {
      method: "POST",
      headers: { Cookie: await sessionCookie(member) },
    });
    const answer = await app["routes/account/logout"]!({
      request,
      params: {},
      context: { ...routeContext, clientAddress: from },
    });
    expect(statusOf(answer)).toBe(302);
  });
});
