import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { signIn } from "./auth";
import { withTestDatabase } from "./database";
import { expect, test } from "./fixtures";

/**
 * Faults, on a server of this file's own (the shared test server must not die): `kill -9` while
 * writes are in flight loses no acknowledged write and leaves no half-done multi-row change, the
 * embedded database opens again after the unclean stop, and nothing secret reaches the logs.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 30;
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = `.e2e-faults-${PORT}`;

test.describe.configure({ mode: "serial", timeout: 240_000 });

interface RunningServer {
  process: ChildProcess;
  log: string[];
}

async function startServer(): Promise<RunningServer> {
  const log: string[] = [];
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: "info",
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "300",
      RATE_LIMIT_WRITES_PER_MINUTE: "300",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log.join("").slice(-2000)}`);
    const ready = await fetch(`${BASE_URL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { process: child, log };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start: ${log.join("").slice(-2000)}`);
}

let server: RunningServer | undefined;

test.beforeAll(() => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test.afterAll(() => {
  server?.process.kill("SIGKILL");
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test("kill -9 during template starts loses no acknowledged start and leaves none half-done", async ({ browser }) => {
  server = await startServer();
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await signIn(page, "grace.mensah@example.org");
  const cookies = await context.cookies(BASE_URL);
  const sessionCookie = cookies.find((cookie) => cookie.name === "__session")!.value;
  const api: APIRequestContext = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Cookie: `__session=${sessionCookie}` },
  });

  const templates = (await (await api.get("/api/projects/templates")).json()) as { projectId: string }[];
  expect(templates.length).toBeGreaterThan(0);
  const detail = (await (await api.get(`/api/projects/template/${templates[0]!.projectId}`)).json()) as {
    requiredRoles: { roleName?: string; name?: string }[];
  };
  const role = detail.requiredRoles[0];
  const body = role ? { selectedRole: role.roleName ?? role.name } : {};

  // Starts in flight, four at a time, until the server is killed in the middle of them.
  const acknowledged: string[] = [];
  let killed = false;
  const startOne = async () => {
    while (!killed) {
      const response = await api
        .post(`/api/projects/start-from-template?templateId=${templates[0]!.projectId}`, { data: body })
        .catch(() => null);
      if (!response) return; // the connection died with the server: not acknowledged
      if (response.status() === 201)
        acknowledged.push(((await response.json()) as { newProjectId: string }).newProjectId);
      else expect(response.status(), await response.text()).toBe(201);
    }
  };
  const workers = Array.from({ length: 4 }, startOne);
  await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(12);
  killed = true;
  server.process.kill("SIGKILL");
  await Promise.all(workers);
  await api.dispose();
  const firstLog = server.log.join("");

  // The embedded database opens again after the unclean stop, with every acknowledged start whole.
  server = await startServer();
  await withTestDatabase(async (client) => {
    const { rows: found } = await client.query<{ id: string }>("select id from projects where id = any($1::uuid[])", [
      acknowledged,
    ]);
    expect(found.length, "acknowledged starts that were lost").toBe(acknowledged.length);
    // Every project started from a template has all of its parts, or does not exist at all.
    const { rows: partial } = await client.query<{ id: string }>(
      `select p.id from projects p
        where p.template_id is not null
          and ((select count(*) from project_members m where m.project_id = p.id) = 0
            or (select count(*) from tasks t where t.project_id = p.id)
               <> (select count(*) from template_tasks tt where tt.template_id = p.template_id)
            or (select count(*) from project_roles r where r.project_id = p.id)
               <> (select count(*) from project_roles r where r.project_id = p.template_id))`,
    );
    expect(partial, "projects started only in part").toEqual([]);
  }, DATA_DIR);

  // Nothing secret in the logs of either run: the session, the cookie secret, tokens.
  const logs = firstLog + server.log.join("");
  expect(logs.length).toBeGreaterThan(0);
  expect(logs).not.toContain(sessionCookie);
  expect(logs).not.toContain(decodeURIComponent(sessionCookie).split(".")[0]!);
  expect(logs).not.toMatch(/"cookie":|"authorization":|Bearer [A-Za-z0-9-_]{20,}/i);
  // The generated development secrets: the cookie-signing secret and the provider's private key.
  const secrets = JSON.stringify(JSON.parse(fs.readFileSync(path.join(DATA_DIR, "dev-secrets.json"), "utf8")));
  const secretValues = [...secrets.matchAll(/"([^"]{16,})"/g)].map((match) => match[1]!);
  expect(secretValues.length).toBeGreaterThan(0);
  for (const secret of secretValues) expect(logs, "a secret in the logs").not.toContain(secret);
  await context.close();
});
