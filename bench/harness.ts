import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { sql } from "kysely";
import { connectDatabase } from "#db/connection";
import { migrateToLatest } from "#db/migrate";
import { seedDemoData } from "#db/seed";
import { embedMissingProjects } from "~/search/project-vectors.server";

/** What the bench scripts share: signed-in sessions, and servers started and stopped with the run. */

/**
 * A signed-in session for a person (a database row and the signed cookie the server would set
 * with `sessionSecret`), so a bench can load members-only pages and write.
 */
export async function signedInCookie(
  db: ReturnType<typeof connectDatabase>,
  userId: string,
  sessionSecret: string,
): Promise<string> {
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

/** Started servers, stopped however the run ends. */
const children: ChildProcess[] = [];

export function stopChildren() {
  for (const child of children.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
process.on("exit", stopChildren);

/** Starts `node args…` in a process group of its own and waits until `readyUrl` answers. */
export async function spawnAndWait(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn("node", args, { env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  children.push(child);
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited with code ${child.exitCode}.`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${args[0]} did not start within 60 s.`);
}

/** Stops the started servers and waits (at most 10 s) until they have exited. */
export async function stopChildrenAndWait(): Promise<void> {
  const exits = children.map(
    (child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve))),
  );
  stopChildren();
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/**
 * A fresh database with the demo data: the embedded one in `dataDir`, or on PostgreSQL a schema
 * of its own, dropped and made again.
 */
export async function freshDemoDatabase(options: { databaseUrl?: string; dataDir: string; schema?: string }) {
  const db = connectDatabase(options);
  if (options.schema) {
    await sql`drop schema if exists ${sql.id(options.schema)} cascade`.execute(db);
    await sql`create schema ${sql.id(options.schema)}`.execute(db);
  }
  await migrateToLatest(db, options.schema);
  await seedDemoData(db);
  await embedMissingProjects(db);
  return db;
}

/** The value below which `share` of `values` lie (exact: autocannon reports p90 and p97.5, not p95). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}
