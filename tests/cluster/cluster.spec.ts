import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { findHaproxy, HAPROXY_MISSING } from "../../scripts/cluster/cluster";
import { signIn, signUpAsGainer, uniqueEmail } from "../e2e/auth";
import { faultPort } from "../e2e/faults";
import { apiPost, startOwnProject } from "../e2e/work";
import { alive, clientFrom, listening, loopbackAddress, type RunningCluster, runClusterScript } from "./cluster";

/**
 * The journeys that cross instances: `npm run cluster` starts two instances of the production build
 * on one PostgreSQL (a schema of this run's own) behind HAProxy, and people use it as they would.
 * Where the point is an instance's own state (its kept pages, its sockets, its counters), a
 * request goes to one instance directly and the next to the other; the rest goes through the
 * balancer, round robin, so consecutive requests land on different instances.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const SCHEMA = `test_cluster_${randomBytes(4).toString("hex")}`;
const PORT = faultPort(40);
/** Small enough to reach in a test, large enough for every other journey's writes from 127.0.0.1. */
const WRITES_PER_MINUTE = 40;
/** "At once": well under a kept page's lifetime, which the test checks too. */
const AT_ONCE_MS = 2_000;

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.skip(!DATABASE_URL, "needs DATABASE_URL (a PostgreSQL the instances share)");
test.skip(!findHaproxy(), HAPROXY_MISSING);

let cluster: RunningCluster;
let db: pg.Client;
let dataDir = "";
/** Console errors of every page the journeys open. */
const consoleErrors: string[] = [];
const contexts: BrowserContext[] = [];

/** The journeys' shared cast. */
const cast: {
  admin?: Page;
  project?: { projectId: string; projectName: string; role: string };
  requesters: { page: Page; name: string; requestId: string }[];
} = { requesters: [] };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-spec-"));
  db = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${SCHEMA},public` });
  await db.connect();
  cluster = await runClusterScript(["--instances", "2", "--port", String(PORT), "--seed"], {
    DATABASE_URL: DATABASE_URL!,
    DATABASE_SCHEMA: SCHEMA,
    // One folder for the instances' generated secrets (the session cookie's and the provider's keys).
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000",
    RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
    // Nothing listens there: the demo repositories' syncs fail at once instead of reaching out.
    GITHUB_API_URL: "http://127.0.0.1:9",
  });
});

/** Waits, if need be, until the database's clock has at least `seconds` left in its minute. */
async function untilSecondsLeftInMinute(seconds: number) {
  const { rows } = await db.query<{ left: number }>("select 60 - floor(extract(epoch from now()))::int % 60 as left");
  if (rows[0]!.left < seconds) await new Promise((resolve) => setTimeout(resolve, (rows[0]!.left + 1) * 1000));
}

test.afterAll(async () => {
  if (cluster?.script.exitCode === null) {
    const exited = new Promise((resolve) => cluster.script.once("exit", resolve));
    cluster.script.kill("SIGTERM");
    await exited;
  }
  if (db) {
    await db.query(`drop schema if exists ${SCHEMA} cascade`);
    await db.query(`drop schema if exists ${SCHEMA}_pgboss cascade`);
    await db.end();
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test.afterEach(() => {
  expect(consoleErrors, "console errors on the pages").toEqual([]);
});

const [A, B] = [0, 1].map((index) => () => cluster.instances[index]!.url);

/** A new browser context on the balancer, whose pages report console errors. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: cluster.url });
  contexts.push(context);
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return page;
}

/** A write straight to one instance, with that person's session (and the Origin a browser sends). */
async function postTo(page: Page, instance: string, url: string, data: unknown) {
  return page.request.post(`${instance}${url}`, { data, headers: { Origin: instance } });
}

/** A visitor's request (no cookie) to one instance: its kept pages are that instance's own. */
async function visitorGet(url: string) {
  const response = await fetch(url, { headers: { Accept: "text/html" } });
  return {
    cache: response.headers.get("x-cache"),
    cacheControl: response.headers.get("cache-control"),
    html: await response.text(),
  };
}

async function askToJoin(instance: string, name: string, role: string, browser: Browser) {
  const page = await newPage(browser);
  await signUpAsGainer(page, name);
  const response = await postTo(page, instance, `/api/projects/${cast.project!.projectId}/createrequest`, {
    requestedRole: role,
    message: "Made by the cluster journeys.",
  });
  expect(response.status(), await response.text()).toBe(201);
  const { joinRequestId } = (await response.json()) as { joinRequestId: string };
  const requester = { page, name, requestId: joinRequestId };
  cast.requesters.push(requester);
  return requester;
}

const bellOf = (page: Page) => page.locator("summary[aria-label^='Notifications']");

test("signing in through the balancer crosses instances, and the development provider follows", async ({ browser }) => {
  const admin = await newPage(browser);
  const servedBy = new Set<string>();
  admin.on("response", (response) => {
    const name = response.headers()["x-served-by"];
    if (name) servedBy.add(name);
  });
  // Its sign-in state (interaction, session, code) was in one process's memory: a step answered
  // by the other instance found nothing.
  await signUpAsGainer(admin, "Ada Admin");
  expect([...servedBy].sort(), "instances that answered the sign-in's steps").toEqual(["app1", "app2"]);
  expect(((await (await admin.request.get("/api/users/me")).json()) as { fullName: string }).fullName).toBe(
    "Ada Admin",
  );

  const { projectId, projectName } = await startOwnProject(admin);
  await apiPost(admin, `/api/projects/${projectId}/start`, {});
  const detail = (await (await admin.request.get(`/api/projects/${projectId}`)).json()) as {
    openRoles: { name: string }[];
  };
  cast.admin = admin;
  cast.project = { projectId, projectName, role: detail.openRoles[0]!.name };
});

test("the bell, live through the balancer, hears join requests made on either instance", async ({ browser }) => {
  const { admin, project } = cast as Required<typeof cast>;
  await admin.goto("/about");
  // Starting the project earned achievements: read them, so the bell starts quiet.
  const panel = admin.getByRole("region", { name: "Notifications" });
  await bellOf(admin).click();
  await expect(panel.getByText("Connected", { exact: true })).toBeVisible();
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bellOf(admin)).toHaveAttribute("aria-label", "Notifications");
  await admin.keyboard.press("Escape");

  // The socket is on one of the two instances: one of these requests is made on the other.
  await askToJoin(A(), "Rui Requester", project.role, browser);
  await expect(bellOf(admin)).toHaveAttribute("aria-label", "Notifications, 1 unread");
  await askToJoin(B(), "Bo Requester", project.role, browser);
  await expect(bellOf(admin)).toHaveAttribute("aria-label", "Notifications, 2 unread");
  await bellOf(admin).click();
  await expect(panel.getByRole("listitem").filter({ hasText: "Rui Requester asked to join" })).toBeVisible();
  await expect(panel.getByRole("listitem").filter({ hasText: "Bo Requester asked to join" })).toBeVisible();
});

test("a join decision made on one instance shows at once on a visitor's page kept by the other", async () => {
  const { admin, project, requesters } = cast as Required<typeof cast>;
  const rui = requesters[0]!;
  const pageOnB = `${B()}/project/${project.projectId}`;
  await expect.poll(async () => (await visitorGet(pageOnB)).cache).toBe("HIT");
  const kept = await visitorGet(pageOnB);
  expect(kept.html).not.toContain(rui.name);
  const lifetime = Number(/s-maxage=(\d+)/.exec(kept.cacheControl ?? "")?.[1]);
  expect(lifetime * 1000, "the kept page's lifetime").toBeGreaterThan(AT_ONCE_MS * 2);

  const decided = await postTo(
    admin,
    A(),
    `/api/projects/${project.projectId}/join-requests/${rui.requestId}/decision`,
    {
      isApproved: true,
    },
  );
  expect(decided.status(), await decided.text()).toBe(200);
  await expect.poll(async () => (await visitorGet(pageOnB)).html, { timeout: AT_ONCE_MS }).toContain(rui.name);
});

test("a forum post written on one instance shows at once on a member's page on the other", async () => {
  const { admin, project, requesters } = cast as Required<typeof cast>;
  const member = requesters[0]!.page;
  const forumOnB = `${B()}/work/projects/${project.projectId}?tab=forum`;
  const before = await member.request.get(forumOnB);
  expect(before.status()).toBe(200);
  // Signed-in pages are rendered for every request: no instance keeps one.
  expect(before.headers()["x-cache"]).toBeUndefined();

  const content = `Written on app1, read on app2 (${randomBytes(4).toString("hex")}).`;
  const posted = await postTo(admin, A(), "/api/forum/posts", { projectId: project.projectId, content });
  expect(posted.status(), await posted.text()).toBe(201);
  await expect
    .poll(async () => (await member.request.get(forumOnB)).text(), { timeout: AT_ONCE_MS })
    .toContain(content);
});

test("approvals raced on both instances for the last open position leave exactly one member", async ({ browser }) => {
  const { admin, project, requesters } = cast as Required<typeof cast>;
  // Bo's request (made on B, still pending) and a newcomer's on A, for a role with one position
  // left (how many a template's role has is not up to a test).
  await db.query("update project_roles set open_positions = 1 where project_id = $1 and name = $2", [
    project.projectId,
    project.role,
  ]);
  const bo = requesters[1]!;
  const newcomer = await askToJoin(A(), "Cy Racer", project.role, browser);
  const decide = (instance: string, requestId: string) =>
    postTo(admin, instance, `/api/projects/${project.projectId}/join-requests/${requestId}/decision`, {
      isApproved: true,
    });
  const answers = await Promise.all([decide(A(), bo.requestId), decide(B(), newcomer.requestId)]);
  expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 409]);
  const { rows } = await db.query<{ joined: number; open: number }>(
    `select (select count(*)::int from project_members where project_id = $1 and user_id in
              (select user_id from join_requests where id = any($3))) as joined,
            (select open_positions from project_roles where project_id = $1 and name = $2) as open`,
    [project.projectId, project.role, [bo.requestId, newcomer.requestId]],
  );
  expect(rows[0]).toEqual({ joined: 1, open: 0 });
});

test("the writes limit counts a client's hits on both instances together", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, uniqueEmail("limited"));
  const { userId } = (await (await page.request.get("/api/users/me")).json()) as { userId: string };
  const cookie = (await page.context().cookies(cluster.url)).map((c) => `${c.name}=${c.value}`).join("; ");

  // Fixed one-minute windows on the database's clock: the hits must all fall in one.
  await untilSecondsLeftInMinute(10);

  // One client of its own (a loopback address no other journey uses); the X-Forwarded-For it
  // makes up is replaced by the balancer, so it cannot pass for many clients.
  const client = clientFrom(loopbackAddress());
  const save = (n: number) =>
    client.send(`${cluster.url}/api/users/gainer/${userId}/profile`, {
      method: "PUT",
      headers: { Cookie: cookie, Origin: cluster.url, "X-Forwarded-For": `203.0.113.${n % 250}` },
      body: {
        fullName: `Lim ${n}`,
        biography: "Saved again and again by the cluster journeys.",
        currentRole: "Student",
        yearsOfExperience: 1,
        educationStatus: "Self-Taught",
        areasOfInterest: ["Web Development"],
      },
    });
  const answers = [];
  for (let n = 0; n < WRITES_PER_MINUTE; n++) answers.push(await save(n));
  const over = await save(WRITES_PER_MINUTE);
  client.close();
  expect(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.body}`)).toEqual(
    [],
  );
  const onApp1 = answers.filter((answer) => answer.servedBy === "app1").length;
  const onApp2 = answers.filter((answer) => answer.servedBy === "app2").length;
  expect(onApp1 + onApp2).toBe(WRITES_PER_MINUTE);
  expect(Math.min(onApp1, onApp2), "hits on the less used instance").toBeGreaterThan(WRITES_PER_MINUTE / 4);
  expect(over.status, over.body).toBe(429);
  expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
});

test("a scheduled job's start-up run runs once, not once per instance", async () => {
  const jobs = `${SCHEMA}_pgboss`;
  await expect
    .poll(
      async () =>
        (
          await db.query<{ name: string; runs: number; done: number }>(
            `select name, count(*)::int as runs, count(*) filter (where state = 'completed' and retry_count = 0)::int as done
             from ${jobs}.job where singleton_key = 'start' group by name order by name`,
          )
        ).rows,
      { timeout: 30_000 },
    )
    .toEqual([
      { name: "embed-projects", runs: 1, done: 1 },
      { name: "join-request-deadlines", runs: 1, done: 1 },
      { name: "resync-repositories", runs: 1, done: 1 },
    ]);
  const { rows } = await db.query<{ name: string; schedules: number }>(
    `select name, count(*)::int as schedules from ${jobs}.schedule group by name having count(*) > 1`,
  );
  expect(rows, "jobs scheduled more than once").toEqual([]);
});

test("SIGTERM to one instance drains it behind the balancer: no request fails", async () => {
  const { admin, project } = cast as Required<typeof cast>;
  const cookie = (await admin.context().cookies(cluster.url)).map((c) => `${c.name}=${c.value}`).join("; ");
  const client = clientFrom(loopbackAddress());
  const failures: string[] = [];
  const served: { instance: string | undefined; at: number }[] = [];
  const posted: string[] = [];
  let running = true;
  const loop = async (
    ask: (n: number) => Promise<{ status: number; servedBy: string | undefined; body: string }>,
    ok: number,
  ) => {
    for (let n = 0; running; n++) {
      try {
        const answer = await ask(n);
        served.push({ instance: answer.servedBy, at: Date.now() });
        if (answer.status !== ok)
          failures.push(`${answer.status} from ${answer.servedBy}: ${answer.body.slice(0, 200)}`);
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const loops = [
    // A visitor's pages, one kept and one rendered for each request (a query of its own).
    loop(() => client.send(`${cluster.url}/project/${project.projectId}`, { headers: { Accept: "text/html" } }), 200),
    loop((n) => client.send(`${cluster.url}/api/projects/active?pageSize=3&page=${(n % 5) + 1}`), 200),
    // The admin's own page and writes, paced to stay within the writes limit (per person too).
    loop(
      () =>
        client.send(`${cluster.url}/work/projects/${project.projectId}?tab=forum`, {
          headers: { Cookie: cookie, Accept: "text/html" },
        }),
      200,
    ),
    loop(async (n) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const content = `Drain post ${n} ${randomBytes(3).toString("hex")}`;
      const answer = await client.send(`${cluster.url}/api/forum/posts`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: cluster.url },
        body: { projectId: project.projectId, content },
      });
      if (answer.status === 201) posted.push(content);
      return answer;
    }, 201),
  ];

  await new Promise((resolve) => setTimeout(resolve, 1500));
  const stopping = cluster.instances[1]!;
  const signalledAt = Date.now();
  process.kill(stopping.pid, "SIGTERM");
  // Out of the balancer's rotation at once, while it still answers what it is sent.
  await expect
    .poll(async () => (await fetch(`${stopping.url}/healthz`)).status, { timeout: 1_000, intervals: [50] })
    .toBe(503);
  await expect.poll(() => alive(stopping.pid), { timeout: 20_000 }).toBe(false);
  const exitedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  running = false;
  await Promise.all(loops);
  client.close();

  expect(failures, "requests that failed").toEqual([]);
  expect(
    served.filter((s) => s.at < signalledAt && s.instance === "app2").length,
    "app2 served before",
  ).toBeGreaterThan(0);
  expect(
    served.filter((s) => s.at > exitedAt + 100 && s.instance !== "app1"),
    "answered after app2 exited",
  ).toEqual([]);
  expect(served.filter((s) => s.at > exitedAt).length).toBeGreaterThan(10);
  // Every acknowledged write is there.
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from forum_posts where content = any($1)", [
    posted,
  ]);
  expect(rows[0]!.n).toBe(posted.length);
  expect(posted.length).toBeGreaterThan(5);
});

test("SIGTERM to npm run cluster stops the instances and the balancer", async () => {
  // Pages first: a live bell left open would keep reconnecting to a balancer with nobody behind it.
  for (const context of contexts) await context.close();
  const exited = new Promise<number | null>((resolve) => cluster.script.once("exit", (code) => resolve(code)));
  cluster.script.kill("SIGTERM");
  expect(await exited).toBe(0);
  for (const instance of cluster.instances) expect(alive(instance.pid), instance.url).toBe(false);
  for (const port of [PORT, PORT + 1, PORT + 2]) expect(await listening(port), `port ${port}`).toBe(false);
});
