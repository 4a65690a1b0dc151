/**
 * `npm run bench`: serves the production build on the demo data plus 10,000 generated projects
 * and measures requests per second and p99 latency of the main pages and the public API.
 *
 * Options (environment): BENCH_SECONDS (default 10 per target), BENCH_CONNECTIONS (default 10),
 * BENCH_PROJECTS (default 10000), DATABASE_URL (bench PostgreSQL in a schema of its own instead
 * of the embedded database).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { connectDatabase } from "#db/connection";
import { migrateToLatest } from "#db/migrate";
import { demoId, seedDemoData } from "#db/seed";
import { insertGeneratedProjects } from "./generate-projects";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const generated = Number(process.env.BENCH_PROJECTS ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 3390);
const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? "bench" : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gainers-bench-"));

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
  console.log(`Inserted ${generated} generated projects in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  // After a bulk load, as any operator would (the server also analyzes an embedded database at start).
  await sql`analyze`.execute(db);
  await db.destroy();
}

async function startServer() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  };
  if (schema) env.DATABASE_SCHEMA = schema;
  const server = spawn("npx", ["tsx", "server.ts"], { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
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

function measure(url: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

await prepareDatabase();
const server = await startServer();
const targets = {
  "/": "/",
  "/search-projects": "/search-projects",
  "/project/{id}": `/project/${demoId("project:p001")}`,
  "GET /api/projects/active": "/api/projects/active",
};
const rows: { target: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }[] = [];
try {
  for (const [target, pathname] of Object.entries(targets)) {
    await measure(`http://127.0.0.1:${port}${pathname}`); // warm-up
    const result = await measure(`http://127.0.0.1:${port}${pathname}`);
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
