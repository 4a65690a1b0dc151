/**
 * `npm run soak`: serves the production build on the demo data and sends a steady mix of reads and
 * writes for SOAK_SECONDS (default 600), sampling the server's resident memory and open file
 * descriptors (sockets, files) every 10 s from /proc. Memory and handles must stay flat once warm:
 * the last minute against the minute at half time (the first half fills the caches: kept pages,
 * search vectors, V8's heap sizing). Exits 1 when either grows.
 *
 * Options (environment): SOAK_SECONDS (600), SOAK_CONNECTIONS (10), SOAK_PORT (3395),
 * DATABASE_URL (PostgreSQL in schema `soak` instead of the embedded database, whose memory is
 * then not the server's).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { demoId } from "#db/seed";
import { demoPeople } from "#db/seed-data/people";
import { insertWorkProject } from "./generate-projects";
import { freshDemoDatabase, signedInCookie, spawnAndWait, stopChildrenAndWait } from "./harness";
import { progress } from "./progress";
import { serverArgs } from "../scripts/server-command";

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 10);
const port = Number(process.env.SOAK_PORT ?? 3395);
const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? "soak" : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gainers-soak-"));
const sessionSecret = randomBytes(32).toString("hex");
const SAMPLE_EVERY_MS = 10_000;
/** Allowed growth from the minute at half time to the last: caches are full by then. */
const MEMORY_GROWTH_LIMIT = 0.1;
const HANDLE_GROWTH_LIMIT = 20;

async function prepareDatabase() {
  const db = await freshDemoDatabase({ databaseUrl, dataDir, schema });
  const userId = demoId(`user:${demoPeople[0]!.key}`);
  const projectId = await insertWorkProject(db, { userId, tasks: 100, milestones: 5 });
  const cookie = await signedInCookie(db, userId, sessionSecret);
  await db.destroy();
  return { projectId, cookie };
}

interface Sample {
  second: number;
  rssMb: number;
  handles: number;
}

/** The server's resident memory (MB) and open file descriptors, read from /proc. */
function sample(pid: number, second: number): Sample {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { second, rssMb: rssKb / 1024, handles: fs.readdirSync(`/proc/${pid}/fd`).length };
}

const { projectId, cookie } = await prepareDatabase();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: dataDir,
  // Failures show as non-2xx answers below; the demo repositories' sync retries would fill the screen.
  LOG_LEVEL: "fatal",
  SESSION_SECRET: sessionSecret,
  // A steady writer is not an attacker: the limits would answer most writes 429.
  RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
};
if (schema) env.DATABASE_SCHEMA = schema;
const server = await spawnAndWait(serverArgs("build/server.js"), env, `http://127.0.0.1:${port}/healthz`);

const json = { "content-type": "application/json", cookie };
// Each connection cycles through these: visitors' pages, signed-in pages, and writes. What it
// writes it deletes again, so the data stays the same size: the embedded database's memory grows
// with its data (a soak that only added 9,000 posts and tasks read as GROWING on that alone).
/** What a connection created, kept in its autocannon context until it deletes it. */
const created = (context: object) => context as { postId?: string; taskId?: string };
const requests: autocannon.Request[] = [
  { method: "GET", path: "/" },
  { method: "GET", path: "/search-projects?tab=open" },
  { method: "GET", path: `/project/${demoId("project:p001")}` },
  { method: "GET", path: "/work", headers: { cookie } },
  { method: "GET", path: `/work/projects/${projectId}?tab=forum`, headers: { cookie } },
  {
    method: "POST",
    path: "/api/forum/posts",
    headers: json,
    body: JSON.stringify({ projectId, content: "A post from the soak test." }),
    onResponse: (_status, body, context) => {
      created(context).postId = (JSON.parse(body) as { postId?: string }).postId;
    },
  },
  {
    method: "POST",
    path: `/api/projects/${projectId}/tasks`,
    headers: json,
    body: JSON.stringify({ title: "A task from the soak test" }),
    onResponse: (_status, body, context) => {
      created(context).taskId = (JSON.parse(body) as { taskId?: string }).taskId;
    },
  },
  { method: "GET", path: `/api/projects/${projectId}/tasks/board`, headers: { cookie } },
  {
    method: "DELETE",
    headers: { cookie },
    setupRequest: (request, context) => ({ ...request, path: `/api/forum/posts/${String(created(context).postId)}` }),
  },
  {
    method: "DELETE",
    headers: { cookie },
    setupRequest: (request, context) => ({ ...request, path: `/api/tasks/${String(created(context).taskId)}` }),
  },
];

const samples: Sample[] = [sample(server.pid!, 0)];
const started = Date.now();
const sampler = setInterval(() => {
  samples.push(sample(server.pid!, Math.round((Date.now() - started) / 1000)));
}, SAMPLE_EVERY_MS);
// Every second on a terminal (in place), every sample's period in a log.
const line = progress("Soaking (seconds)", seconds, { everyMs: SAMPLE_EVERY_MS });
const ticker = setInterval(() => {
  const last = samples.at(-1)!;
  const elapsed = Math.min(seconds, Math.round((Date.now() - started) / 1000));
  line.update(elapsed, `${last.rssMb.toFixed(0)} MB resident, ${last.handles} open handles`);
}, 1_000);

const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections, duration: seconds, requests });
clearInterval(sampler);
clearInterval(ticker);
line.finish();
await stopChildrenAndWait();

const mean = (points: Sample[], pick: (point: Sample) => number) =>
  points.reduce((sum, point) => sum + pick(point), 0) / Math.max(points.length, 1);
const halfTime = Math.floor(seconds / 2);
const warmMinute = samples.filter((point) => point.second >= halfTime && point.second < halfTime + 60);
const lastMinute = samples.filter((point) => point.second >= seconds - 60);
const memoryBefore = mean(warmMinute, (point) => point.rssMb);
const memoryAfter = mean(lastMinute, (point) => point.rssMb);
const handlesBefore = mean(warmMinute, (point) => point.handles);
const handlesAfter = mean(lastMinute, (point) => point.handles);
const errors = result.errors + result.non2xx;

console.log(
  `\n${result.requests.total} requests in ${seconds} s (${result.requests.average.toFixed(0)} req/s), p99 ${result.latency.p99} ms, ${errors} errors or non-2xx`,
);
console.log(`memory: ${memoryBefore.toFixed(0)} MB at half time, ${memoryAfter.toFixed(0)} MB in the last`);
console.log(`open handles: ${handlesBefore.toFixed(0)} at half time, ${handlesAfter.toFixed(0)} in the last`);
const memoryGrew = memoryAfter > memoryBefore * (1 + MEMORY_GROWTH_LIMIT);
const handlesGrew = handlesAfter > handlesBefore + HANDLE_GROWTH_LIMIT;
console.log(memoryGrew || handlesGrew ? "GROWING" : "flat");
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(memoryGrew || handlesGrew || errors > 0 ? 1 : 0);
