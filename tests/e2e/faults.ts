import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, type Browser, expect, request as playwrightRequest, test } from "@playwright/test";
import { type RunningServer, startInstance } from "../../scripts/cluster/instance";
import { signIn } from "./auth";

/**
 * Helpers of the fault specs (api-faults*.spec.ts): each runs a production server of its own,
 * on a port and data folder of its own, since the shared test server must not die.
 */

/** A port of a fault spec's own: E2E_PORT plus an offset no other server of the run uses. */
export function faultPort(offset: number): number {
  return Number(process.env.E2E_PORT ?? 3210) + offset;
}

export type { RunningServer };

/** Starts build/server.js on `port` and waits for /healthz. */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return startInstance({
    port,
    script: "build/server.js",
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "300",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000",
      ...env,
    },
  });
}

/** `kill -9`, and waits until the process is gone. */
export async function killServer(server: RunningServer | undefined): Promise<void> {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGKILL");
  await exited;
}

export interface SignedInApi {
  api: APIRequestContext;
  /** The session cookie's value (it must never reach the logs). */
  sessionCookie: string;
  close(): Promise<void>;
}

/** Signs `email` in through the development identity provider; API calls carry its session cookie. */
export async function signedInApi(browser: Browser, baseURL: string, email: string): Promise<SignedInApi> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email);
  const sessionCookie = (await context.cookies(baseURL)).find((cookie) => cookie.name === "__session")!.value;
  await context.close();
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `__session=${sessionCookie}` },
  });
  return { api, sessionCookie, close: () => api.dispose() };
}

/**
 * Runs each writer in a loop until the server is killed, and kills it (`kill -9`) once `enough()`
 * holds, so the kill lands while every writer has a request in flight. A writer records what the
 * server acknowledged and throws on an answer it should not have given; a request the dying server
 * never answered rejects, which ends that writer's loop (the write was not acknowledged).
 */
export async function writeUntilKilled(
  server: RunningServer,
  writers: (() => Promise<unknown>)[],
  enough: () => boolean,
): Promise<void> {
  let killed = false;
  let failure: unknown = null;
  const loops = writers.map(async (write) => {
    while (!killed) {
      try {
        await write();
      } catch (error) {
        if (!(killed && isRequestFailure(error))) failure ??= error;
        return;
      }
    }
  });
  const deadline = Date.now() + 60_000;
  while (!enough() && !failure) {
    if (Date.now() > deadline) throw new Error("the writers did not get far enough in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A moment later, at no particular point of any writer's request.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 100));
  killed = true;
  await killServer(server);
  await Promise.all(loops);
  if (failure) throw failure;
}

/** SIGTERM, as a restart sends it, and waits until the process has exited by itself. */
export async function terminateServer(server: RunningServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
}

/** A request that got no answer (Playwright names the request call in its message). */
export function isRequestFailure(error: unknown): boolean {
  return /apiRequestContext\.|ECONNRESET|ECONNREFUSED|socket hang up|other side closed/i.test(
    String((error as Error)?.message ?? error),
  );
}

/** Nothing secret in a server's logs: the session, the cookie secret, tokens, the provider's key. */
export function expectNoSecretsInLogs(logs: string, sessionCookie: string, dataDir: string): void {
  expect(logs.length).toBeGreaterThan(0);
  expect(logs).not.toContain(sessionCookie);
  expect(logs).not.toContain(decodeURIComponent(sessionCookie).split(".")[0]!);
  expect(logs).not.toMatch(/"cookie":|"authorization":|Bearer [A-Za-z0-9-_]{20,}/i);
  // The generated development secrets: the cookie-signing secret and the provider's private key.
  const secrets = JSON.stringify(JSON.parse(fs.readFileSync(path.join(dataDir, "dev-secrets.json"), "utf8")));
  const secretValues = [...secrets.matchAll(/"([^"]{16,})"/g)].map((match) => match[1]!);
  expect(secretValues.length).toBeGreaterThan(0);
  for (const secret of secretValues) expect(logs, "a secret in the logs").not.toContain(secret);
}

/** The first template, and the request that starts a project from it with its first role. */
export async function templateStart(api: APIRequestContext): Promise<{ url: string; data: { selectedRole?: string } }> {
  const templates = (await (await api.get("/api/projects/templates")).json()) as { projectId: string }[];
  expect(templates.length).toBeGreaterThan(0);
  const templateId = templates[0]!.projectId;
  const detail = (await (await api.get(`/api/projects/template/${templateId}`)).json()) as {
    requiredRoles: { roleName?: string; name?: string }[];
  };
  const role = detail.requiredRoles[0];
  return {
    url: `/api/projects/start-from-template?templateId=${templateId}`,
    data: role ? { selectedRole: role.roleName ?? role.name } : {},
  };
}

const execFileAsync = promisify(execFile);
const POSTGRES_BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

/** A throwaway PostgreSQL cluster of a test's own, which it may stop and start at will. */
export interface PostgresCluster {
  url: string;
  /** The postgres user's password (it must never reach the logs). */
  password: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** Whether the PostgreSQL server binaries are installed (POSTGRES_BIN names another folder). */
export function hasPostgresBinaries(): boolean {
  return fs.existsSync(path.join(POSTGRES_BIN, "initdb")) && fs.existsSync(path.join(POSTGRES_BIN, "pg_ctl"));
}

/**
 * Makes and starts a cluster on `port` in a new temporary folder. PostgreSQL refuses to run as
 * root, so as root its programs run as the postgres user, who owns the folder.
 */
export async function createPostgresCluster(port: number): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faults-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  // Asynchronously: the test's process keeps reading its server's output meanwhile.
  const run = async (program: string, args: string[]) => {
    const command = path.join(POSTGRES_BIN, program);
    if (asRoot) await execFileAsync("runuser", ["-u", "postgres", "--", command, ...args]);
    else await execFileAsync(command, args);
  };
  const dataDir = path.join(dir, "data");
  const password = randomBytes(12).toString("hex");
  const passwordFile = path.join(dir, "password");
  fs.writeFileSync(passwordFile, password);
  if (asRoot) execFileSync("chown", ["postgres:postgres", passwordFile]);
  await run("initdb", [
    "-D",
    dataDir,
    "-A",
    "scram-sha-256",
    "-U",
    "postgres",
    `--pwfile=${passwordFile}`,
    "--no-sync",
  ]);
  const start = () =>
    run("pg_ctl", [
      "-D",
      dataDir,
      "-o",
      `-p ${port} -k ${dir} -c fsync=off`,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
    ]);
  const stop = () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    password,
    start,
    stop,
    async remove() {
      await stop().catch(() => {}); // already stopped
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Declares a fault spec that runs its own production server on the embedded database, on port
 * `offset`, in a data folder of its own: serial, the folder removed before and after, the server
 * killed after. `start()` starts (or restarts) the server on that folder.
 */
export function embeddedFaultSpec(offset: number, timeout: number) {
  const port = faultPort(offset);
  const dataDir = `.e2e-faults-${port}`;
  let server: RunningServer | undefined;
  test.describe.configure({ mode: "serial", timeout });
  test.beforeAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  test.afterAll(async () => {
    await killServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    port,
    dataDir,
    async start(): Promise<RunningServer> {
      server = await startServer(port, dataDir);
      return server;
    },
  };
}

/** A fault spec's own PostgreSQL cluster and the production server on it. */
export interface PostgresFaultServer {
  cluster: PostgresCluster;
  server: RunningServer;
}

/**
 * Declares a fault spec that runs on a PostgreSQL cluster of its own (the shared one on 5432
 * serves other files), on ports `offset` and `offset + 1`: serial, skipped without the server
 * binaries, everything removed after. `start()` makes the cluster and a seeded server on it.
 */
export function postgresFaultSpec(offset: number, timeout: number) {
  const port = faultPort(offset);
  const dataDir = `.e2e-faults-${port}`;
  let started: Partial<PostgresFaultServer> = {};
  test.describe.configure({ mode: "serial", timeout });
  test.skip(!hasPostgresBinaries(), "the PostgreSQL server binaries are not installed (set POSTGRES_BIN)");
  test.afterAll(async () => {
    await killServer(started.server);
    await started.cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    async start(): Promise<PostgresFaultServer> {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const cluster = await createPostgresCluster(faultPort(offset + 1));
      started = { cluster };
      const server = await startServer(port, dataDir, { DATABASE_URL: cluster.url, SEED_ON_START: "true" });
      started = { cluster, server };
      return { cluster, server };
    },
  };
}
