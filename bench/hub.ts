/**
 * `npm run bench:hub`: the notification hub under load (issue 13). Not a timed test.
 *
 * Starts the production build (`npm run build` first) on PostgreSQL, opens BENCH_SOCKETS (default
 * 10,000) idle WebSockets to /hubs/notifications, each signed in with a session of its own
 * (sessions are written straight into the database, as the sign-in flow would), then commits a
 * burst of BENCH_BURST (default 1,000) notifications from this process, each in a transaction of
 * its own as a model call would, and reports:
 *  - the server's memory per socket (RSS after the sockets are open minus before, ÷ sockets);
 *  - delivery latency p50/p99, from each transaction's commit to the client's receipt (both
 *    clocks are this process's: commits and sockets live here, the hub in the server).
 *
 * Needs PostgreSQL (the embedded database lives inside the server process, and the burst is
 * committed from outside, as another app instance would): DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, in a schema of its own (bench_hub, dropped first).
 * Each side holds one descriptor per socket: with 10,000 sockets raise the limit first if
 * `ulimit -n` says less than about 11,000 (`ulimit -n 20000`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { createCookie } from "@remix-run/node";
import { sql } from "kysely";
import WebSocket from "ws";
import { connectDatabase } from "#db/connection";
import { migrateToLatest } from "#db/migrate";
import { serverArgs } from "../scripts/server-command";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const BURST = Number(process.env.BENCH_BURST ?? 1_000);
const port = Number(process.env.BENCH_PORT ?? 3391);
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = "bench_hub";
const sessionSecret = randomBytes(32).toString("hex");
const origin = `http://localhost:${port}`;
const now = () => performance.timeOrigin + performance.now();

/** Users with a finished profile and one session each; returns their ids and signed cookies. */
async function prepareDatabase(): Promise<{ userId: string; cookie: string }[]> {
  const db = connectDatabase({ databaseUrl, schema });
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await migrateToLatest(db, schema);
  const cookie = createCookie("__session", { secrets: [sessionSecret] });
  const people: { userId: string; cookie: string }[] = [];
  for (let start = 0; start < SOCKETS; start += 1000) {
    const count = Math.min(1000, SOCKETS - start);
    const users = await db
      .insertInto("users")
      .values(
        Array.from({ length: count }, (_, i) => ({
          external_id: `bench|hub-${start + i}`,
          email: `hub.${start + i}@bench.example`,
          full_name: `Bench Person ${start + i}`,
          role: "gainer" as const,
          profile_completed: true,
        })),
      )
      .returning("id")
      .execute();
    const sessions = users.map((user) => ({ id: randomBytes(32).toString("base64url"), user_id: user.id }));
    await db
      .insertInto("sessions")
      .values(
        sessions.map((s) => ({
          ...s,
          data: JSON.stringify({ userId: s.user_id, ensured: true }),
          expires_at: new Date(Date.now() + 86_400_000),
        })),
      )
      .execute();
    for (const s of sessions) {
      people.push({ userId: s.user_id!, cookie: (await cookie.serialize(s.id)).split(";")[0]! });
    }
  }
  await db.destroy();
  return people;
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn("node", serverArgs("build/server.js"), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      SEED_ON_START: "false",
      LOG_LEVEL: "warn",
      SESSION_SECRET: sessionSecret,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not start within 60 s.");
}

/** The server's resident memory (bytes), from /proc. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

const received = new Map<string, number>();
const sockets: WebSocket[] = [];

function open(cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://localhost:${port}/hubs/notifications`, {
      headers: { Cookie: cookie, Origin: origin },
      perMessageDeflate: false,
    });
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; notification?: { title: string } };
      if (message.type === "notification") received.set(message.notification!.title, now());
    });
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const people = await prepareDatabase();
console.log(`Prepared ${people.length} people with a session each.`);
const server = await startServer();
try {
  // Warm up (modules, connection pool), then settle before the baseline.
  for (const person of people.slice(0, 20)) (await open(person.cookie)).terminate();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = rssOf(server.pid!);

  let started = Date.now();
  await pool(people, 100, async (person) => {
    sockets.push(await open(person.cookie));
  });
  console.log(`Opened ${sockets.length} authenticated sockets in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const after = rssOf(server.pid!);
  console.log(
    `Server RSS ${mb(before)} → ${mb(after)}: ${((after - before) / sockets.length / 1024).toFixed(1)} KB per idle socket.`,
  );

  // The burst: committed here, as another app instance's model calls would; the server hears of
  // each through LISTEN/NOTIFY and pushes it to its recipient's socket.
  process.env.DATABASE_URL = databaseUrl;
  process.env.DATABASE_SCHEMA = schema;
  process.env.LOG_LEVEL = "warn";
  const { db } = await import("~/db.server");
  const { addNotifications } = await import("~/models/notification.server");
  const committed = new Map<string, number>();
  const recipients = people.slice(0, BURST);
  started = Date.now();
  await pool(recipients, 10, async (person, index) => {
    const title = `Bench ${index}`;
    await db.transaction().execute((trx) =>
      addNotifications(trx, [
        {
          userId: person.userId,
          eventName: "taskCreated",
          title,
          message: `A task was created (${index}).`,
          reason: "you are a member of Bench",
          link: "/work",
          projectId: null,
          data: {},
        },
      ]),
    );
    committed.set(title, now());
  });
  const committedIn = Date.now() - started;
  const deadline = Date.now() + 60_000;
  while (received.size < BURST && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const latencies = [...committed]
    .flatMap(([title, at]) => (received.has(title) ? [Math.max(0, received.get(title)! - at)] : []))
    .sort((a, b) => a - b);
  console.log(
    `Committed ${BURST} notifications in ${(committedIn / 1000).toFixed(1)} s; delivered ${latencies.length}.`,
  );
  console.log(
    `Delivery latency (commit → client): p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms.`,
  );
  console.log(`Server RSS after the burst: ${mb(rssOf(server.pid!))}.`);
  await db.destroy();
} finally {
  for (const ws of sockets) ws.terminate();
  server.kill("SIGTERM");
  const cleanup = connectDatabase({ databaseUrl });
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup);
  await cleanup.destroy();
}
