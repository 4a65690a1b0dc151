/**
 * `npm run bench`: serves the production build on the demo data plus 10,000 generated projects
 * and measures requests per second and p99 latency of the main pages and the public API, and of
 * the work page of a project with 500 tasks and 50 milestones (signed in as its admin).
 *
 * Options (environment): BENCH_SECONDS (default 10 per target), BENCH_CONNECTIONS (default 10),
 * BENCH_PROJECTS (default 10000), DATABASE_URL (bench PostgreSQL in a schema of its own instead
 * of the embedded database).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import autocannon from "autocannon";
import { sql } from "kysely";
import { connectDatabase } from "#db/connection";
import { migrateToLatest } from "#db/migrate";
import { demoId, seedDemoData } from "#db/seed";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { demoPeople } from "#db/seed-data/people";
import { prepareForumBench } from "./forum-data";
import { insertGeneratedProjects, insertWorkProject } from "./generate-projects";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const generated = Number(process.env.BENCH_PROJECTS ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 3390);
const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? "bench" : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gainers-bench-"));
const sessionSecret = randomBytes(32).toString("hex");
const WORK_TASKS = 500;
const WORK_MILESTONES = 50;
const FORUM_POSTS = Number(process.env.BENCH_FORUM_POSTS ?? 10_000);

/**
 * A signed-in session for a demo person (a database row and the signed cookie the server would
 * set), so the bench can load members-only pages.
 */
async function signedInCookie(db: ReturnType<typeof connectDatabase>, userId: string): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      data: JSON.stringify({ userId, ensured: true }),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  const cookie = createCookie("__session", { secrets: [sessionSecret] });
  return (await cookie.serialize(id)).split(";")[0]!;
}

async function prepareDatabase() {
  const db = connectDatabase({ databaseUrl, dataDir, schema });
  if (schema) {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await sql`create schema ${sql.id(schema)}`.execute(db);
  }
  await migrateToLatest(db, schema);
  await seedDemoData(db);
  const started = Date.now();
  await insertGeneratedProjects(db, generated);
  // Generated rows skip the model functions, so they get their search vectors here, as seeded ones do.
  await embedMissingProjects(db);
  console.log(`Inserted ${generated} generated projects in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  // The forums first, in two of the demo projects (not in the work project made below).
  const forum = await prepareForumBench(db, FORUM_POSTS);
  const forumCookie = await signedInCookie(db, forum.userId);
  console.log(`Forum: ${FORUM_POSTS} posts in one project, 10 in another, for one member.`);
  const userId = demoId(`user:${demoPeople[0]!.key}`);
  const workProjectId = await insertWorkProject(db, { userId, tasks: WORK_TASKS, milestones: WORK_MILESTONES });
  const cookie = await signedInCookie(db, userId);
  // After a bulk load, as any operator would (the server also analyzes an embedded database at start).
  await sql`analyze`.execute(db);
  await db.destroy();
  return { workProjectId, cookie, forum, forumCookie };
}

async function startServer() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SESSION_SECRET: sessionSecret,
  };
  if (schema) env.DATABASE_SCHEMA = schema;
  const server = spawn("node", ["build/server.js"], { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not start within 60 s.");
}

function measure(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const { workProjectId, cookie, forum, forumCookie } = await prepareDatabase();
const server = await startServer();
const work = `/work/projects/${workProjectId}`;
const bigForum = `/work/projects/${forum.big}?tab=forum`;
/** A target's path, and whose session loads it when it is members-only. */
const targets: Record<string, string | { path: string; signedIn: true | "forum" }> = {
  "/": "/",
  "/search-projects": "/search-projects",
  "/project/{id}": `/project/${demoId("project:p001")}`,
  "GET /api/projects/active": "/api/projects/active",
  "search, a natural request":
    "/api/projects/search/vector?query=help%20an%20animal%20shelter%20with%20volunteers&count=12",
  "search, typos": "/api/projects/search/vector?query=reactt%20dashbord&count=6",
  [`work page, My Tasks (${WORK_TASKS / 2} of ${WORK_TASKS} tasks)`]: { path: work, signedIn: true },
  [`work page, all ${WORK_TASKS} tasks`]: { path: `${work}?scope=all`, signedIn: true },
  [`work page, ${WORK_MILESTONES} milestones`]: { path: `${work}?tab=milestones`, signedIn: true },
  "Forum tab, 10 posts": { path: `/work/projects/${forum.small}?tab=forum`, signedIn: "forum" },
  [`Forum tab, ${FORUM_POSTS} posts`]: { path: bigForum, signedIn: "forum" },
  [`Forum tab, ${FORUM_POSTS} posts, top`]: { path: `${bigForum}&sort=top`, signedIn: "forum" },
  [`Forum tab, ${FORUM_POSTS} posts, most replies`]: { path: `${bigForum}&sort=replies`, signedIn: "forum" },
  [`Forum tab, ${FORUM_POSTS} posts, search`]: { path: `${bigForum}&q=accessibility`, signedIn: "forum" },
  [`Forum tab, ${FORUM_POSTS} posts, page 20 at 20 per page`]: {
    path: `${bigForum}&page=20&pageSize=20`,
    signedIn: "forum",
  },
  [`GET /api/forum/projects/{id}/posts, ${FORUM_POSTS} posts`]: {
    path: `/api/forum/projects/${forum.big}/posts`,
    signedIn: "forum",
  },
};
// BENCH_ONLY=forum measures only the targets whose name matches (case-insensitive).
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
const rows: { target: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }[] = [];
try {
  for (const [target, spec] of Object.entries(targets)) {
    if (only && !only.test(target)) continue;
    const pathname = typeof spec === "string" ? spec : spec.path;
    const headers: Record<string, string> =
      typeof spec === "string" ? {} : { cookie: spec.signedIn === "forum" ? forumCookie : cookie };
    const check = await fetch(`http://127.0.0.1:${port}${pathname}`, { headers, redirect: "manual" });
    if (check.status !== 200) throw new Error(`${target}: ${check.status} instead of 200`);
    await measure(`http://127.0.0.1:${port}${pathname}`, headers); // warm-up
    const result = await measure(`http://127.0.0.1:${port}${pathname}`, headers);
    rows.push({
      target,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    });
  }
} finally {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
}

console.log(
  `\n${generated} generated projects + demo data, ${connections} connections, ${seconds} s per target, ${
    databaseUrl ? "PostgreSQL" : "embedded database"
  }\n`,
);
console.table(
  rows.map((row) => ({ ...row, "p50 ms": row.p50, "p99 ms": row.p99 })).map(({ p50: _a, p99: _b, ...rest }) => rest),
);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/latest.json",
  JSON.stringify({ date: new Date().toISOString(), generated, connections, seconds, rows }, null, 2),
);
fs.rmSync(dataDir, { recursive: true, force: true });
