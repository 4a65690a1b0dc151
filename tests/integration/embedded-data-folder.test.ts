import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { EMBEDDED_URL_FILE } from "../../db/connection";
import { LOCK_FILE } from "../../db/data-folder-lock";

/**
 * The embedded database's data folder belongs to one process: a second one refuses and leaves it
 * untouched, a lock left by a killed process is taken over, a damaged folder is said plainly, and
 * the loopback server asks for the password only the owner can read.
 */
interface Opened {
  child: ChildProcess;
  exit: Promise<{ code: number | null; output: string }>;
  ready: Promise<boolean>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

function open(dataDir: string, note = ""): Opened {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/fixtures/open-embedded-database.ts", dataDir, note],
    {
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  children.push(child);
  let output = "";
  const ready = new Promise<boolean>((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("open")) resolve(true);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", () => resolve(false));
  });
  const exit = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
  return { child, exit, ready };
}

const folders: string[] = [];
function newFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-folder-"));
  folders.push(folder);
  return folder;
}

async function stop(opened: Opened) {
  opened.child.stdin!.end();
  expect((await opened.exit).code).toBe(0);
}

async function notes(dataDir: string): Promise<string[]> {
  const opened = open(dataDir);
  expect(await opened.ready).toBe(true);
  const client = new pg.Client(fs.readFileSync(path.join(dataDir, EMBEDDED_URL_FILE), "utf8").trim());
  await client.connect();
  const { rows } = await client.query<{ note: string }>("select note from kept order by note");
  await client.end();
  await stop(opened);
  return rows.map((row) => row.note);
}

// Real processes on folders of their own: once, in the embedded run (CI's PostgreSQL run skips it).
describe.skipIf(Boolean(process.env.DATABASE_URL))("the embedded database's data folder", () => {
  it("refuses a second process plainly, leaves the folder untouched and keeps the first one's writes", async () => {
    const dataDir = newFolder();
    const first = open(dataDir, "written by the first");
    expect(await first.ready).toBe(true);
    const lock = fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8");
    const url = fs.readFileSync(path.join(dataDir, EMBEDDED_URL_FILE), "utf8");

    const second = open(dataDir, "written by the second");
    const refused = await second.exit;
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `The data folder ${dataDir} is in use by another server (process ${first.child.pid})`,
    );
    expect(refused.output).not.toMatch(/\n\s+at /);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8")).toBe(lock);
    expect(fs.readFileSync(path.join(dataDir, EMBEDDED_URL_FILE), "utf8")).toBe(url);

    await stop(first);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(await notes(dataDir)).toEqual(["written by the first"]);
  }, 120_000);

  it("takes over the lock of a process that was killed", async () => {
    const dataDir = newFolder();
    const killed = open(dataDir, "before the kill");
    expect(await killed.ready).toBe(true);
    killed.child.kill("SIGKILL");
    await killed.exit;
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    expect(await notes(dataDir)).toEqual(["before the kill"]);
  }, 120_000);

  it("says plainly that a damaged folder cannot be opened, and how to recover", async () => {
    const dataDir = newFolder();
    const first = open(dataDir);
    expect(await first.ready).toBe(true);
    await stop(first);
    fs.writeFileSync(path.join(dataDir, "pglite", "global", "pg_control"), Buffer.alloc(8192, 7));

    const damaged = await open(dataDir).exit;
    expect(damaged.code).toBe(1);
    expect(damaged.output).toContain("could not be opened");
    expect(damaged.output).toContain("npm run db:restore");
    expect(damaged.output).not.toMatch(/\n\s+at /);
  }, 120_000);

  it("asks every connection for the password of this start, kept in a file only the owner reads", async () => {
    const dataDir = newFolder();
    const opened = open(dataDir);
    expect(await opened.ready).toBe(true);
    const file = path.join(dataDir, EMBEDDED_URL_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const url = new URL(fs.readFileSync(file, "utf8").trim());
    expect(url.password.length).toBeGreaterThanOrEqual(24);

    for (const password of ["", "wrong"]) {
      const intruder = new pg.Client({ host: url.hostname, port: Number(url.port), user: "postgres", password });
      intruder.on("error", () => {});
      await expect(intruder.connect()).rejects.toThrow(/password/);
    }
    const owner = new pg.Client(url.href);
    await owner.connect();
    expect((await owner.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await owner.end();
    await stop(opened);
  }, 120_000);
});
