import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupEmbedded, refreshCopy, restoreEmbedded } from "#db/backup/embedded";
import { backupPostgres, restorePostgres } from "#db/backup/postgres";
import { connectDatabase, databaseUrl, type DB } from "#db/connection";
import { LOCK_FILE } from "#db/data-folder-lock";
import { jobSchemaFor } from "#db/job-schema";
import { migrateToLatest } from "#db/migrate";
import { seedDemoData } from "#db/seed";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { databaseFingerprint } from "../fixtures/database-fingerprint";

/** Demo data in every table the seed fills, and one queued job in pg-boss's tables. */
async function fill(target: DB, connectionString: string, jobSchema: string) {
  await seedDemoData(target);
  const boss = new PgBoss({ connectionString, schema: jobSchema, supervise: false, schedule: false, max: 1 });
  await boss.start();
  await boss.createQueue("backup-probe");
  await boss.send("backup-probe", { note: "kept across a restore" });
  await boss.stop({ graceful: true, wait: true });
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("the held second pass of an embedded backup", () => {
  it("copies again what changed since the first pass began, and drops what is gone", () => {
    const source = path.join(folder, "refresh-source");
    const copy = path.join(folder, "refresh-copy");
    const put = (file: string, text: string, modified: Date) => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      fs.utimesSync(file, modified, modified);
    };
    const longAgo = new Date(Date.now() - 60_000);
    put(path.join(source, "base", "unchanged"), "old", longAgo);
    put(path.join(source, "base", "changed"), "old", longAgo);
    put(path.join(source, "pg_wal", "gone"), "old", longAgo);
    fs.cpSync(source, copy, { recursive: true, preserveTimestamps: true });
    const firstPass = Date.now();
    // Written after (or while) the first pass copied them.
    put(path.join(source, "base", "changed"), "new", new Date());
    put(path.join(source, "base", "16384", "created"), "new", new Date());
    fs.rmSync(path.join(source, "pg_wal", "gone"));

    refreshCopy(source, copy, firstPass);
    expect(fs.readFileSync(path.join(copy, "base", "changed"), "utf8")).toBe("new");
    expect(fs.readFileSync(path.join(copy, "base", "16384", "created"), "utf8")).toBe("new");
    expect(fs.existsSync(path.join(copy, "pg_wal", "gone"))).toBe(false);
    expect(fs.readFileSync(path.join(copy, "base", "unchanged"), "utf8")).toBe("old");
  });
});

// Folders and processes of their own: once, in the embedded run (CI's PostgreSQL run skips it).
// Each test opens several embedded databases and one runs the command line through npx: on a
// small shared CI machine that takes longer than the default 30 s.
describe.skipIf(Boolean(config.DATABASE_URL))("embedded database backups", { timeout: 120_000 }, () => {
  const served = path.join(folder, "served");
  const schemas = ["public", "pgboss"];
  let server: DB;
  let serving = true;

  beforeAll(async () => {
    server = connectDatabase({ dataDir: served });
    await migrateToLatest(server);
    await fill(server, await databaseUrl({ dataDir: served }), "pgboss");
    await sql`create table backup_probe (n int not null, side int not null)`.execute(server);
  });
  afterAll(async () => {
    if (serving) await server.destroy();
  });

  it("copies a served database while writes go on, losing no committed row and no half transaction", async () => {
    const before = await databaseFingerprint(server, schemas, ["backup_probe"]);
    let written = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const n = written + 1;
        await server.transaction().execute(async (trx) => {
          await sql`insert into backup_probe values (${n}, 1)`.execute(trx);
          await sql`insert into backup_probe values (${n}, 2)`.execute(trx);
        });
        written = n;
      }
    })();
    while (written < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const committedBefore = written;
    const file = path.join(folder, "served.tar.gz");
    await backupEmbedded(served, file);
    writing = false;
    await writer;

    const restoredDir = path.join(folder, "restored");
    await restoreEmbedded(restoredDir, file);
    const restored = connectDatabase({ dataDir: restoredDir });
    try {
      expect(await databaseFingerprint(restored, schemas, ["backup_probe"])).toEqual(before);
      const { rows } = await sql<{ n: number; sides: number }>`
        select n, count(*)::int as sides from backup_probe group by n order by n
      `.execute(restored);
      expect(rows.length).toBeGreaterThanOrEqual(committedBefore);
      expect(rows.every((row, index) => row.n === index + 1 && row.sides === 2)).toBe(true);
      const jobs = await sql<{ data: unknown }>`select data from pgboss.job where name = 'backup-probe'`.execute(
        restored,
      );
      expect(jobs.rows).toEqual([{ data: { note: "kept across a restore" } }]);
    } finally {
      await restored.destroy();
    }
  });

  it("refuses to restore over a served folder, or over a database without --force", async () => {
    const file = path.join(folder, "refusals.tar.gz");
    await backupEmbedded(served, file);
    await expect(restoreEmbedded(served, file, { force: true })).rejects.toThrow(/running server uses/);

    // The command line says so in one sentence, with a non-zero exit.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("DATABASE_")));
    const cli = await promisify(execFile)("npx", ["tsx", "db/backup/cli.ts", "restore", file], {
      env: { ...env, DATA_DIR: served, NODE_ENV: "development" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in cli && cli.code).toBe(1);
    expect(cli.stderr.trim()).toMatch(/^A running server uses .*; stop it before restoring\.$/);

    // A server in another process holds the folder's lock (its address not yet written).
    const locked = path.join(folder, "locked");
    const other = spawn("sleep", ["60"]);
    try {
      fs.mkdirSync(locked, { recursive: true });
      fs.writeFileSync(path.join(locked, LOCK_FILE), JSON.stringify({ pid: other.pid, startedAt: "now" }));
      await expect(restoreEmbedded(locked, file)).rejects.toThrow(`(process ${other.pid}); stop it before restoring`);
      expect(fs.existsSync(path.join(locked, "pglite"))).toBe(false);
    } finally {
      other.kill();
    }

    const target = path.join(folder, "refusals");
    await restoreEmbedded(target, file);
    await expect(restoreEmbedded(target, file)).rejects.toThrow(/--force/);
    const { replaced } = await restoreEmbedded(target, file, { force: true });
    expect(replaced && fs.existsSync(path.join(replaced, "PG_VERSION"))).toBe(true);
  });

  it("refuses a file that is not a backup and leaves the folder as it was", async () => {
    const target = path.join(folder, "untouched");
    const bogus = path.join(folder, "bogus.tar.gz");
    fs.writeFileSync(bogus, "not a tarball");
    await expect(restoreEmbedded(target, bogus)).rejects.toThrow(/not a readable embedded database backup/);
    expect(fs.existsSync(path.join(target, "pglite", "PG_VERSION"))).toBe(false);
  });

  it("copies a folder no server runs on", async () => {
    const before = await databaseFingerprint(server, schemas);
    await server.destroy();
    serving = false;
    const file = path.join(folder, "stopped.tar.gz");
    await backupEmbedded(served, file);
    const restoredDir = path.join(folder, "restored-stopped");
    await restoreEmbedded(restoredDir, file);
    const restored = connectDatabase({ dataDir: restoredDir });
    try {
      expect(await databaseFingerprint(restored, schemas)).toEqual(before);
    } finally {
      await restored.destroy();
    }
  });
});

describe.runIf(config.DATABASE_URL)("PostgreSQL backups", { timeout: 120_000 }, () => {
  const url = config.DATABASE_URL!;
  const schemas = [config.DATABASE_SCHEMA!, jobSchemaFor(config.DATABASE_SCHEMA)];
  const otherDatabase = `backup_test_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    await fill(db, url, schemas[1]!);
  });
  afterAll(async () => {
    await sql`drop database if exists ${sql.id(otherDatabase)}`.execute(db);
  });

  it("restores every row, sequence and queued job, over the same schemas and into an empty database", async () => {
    const before = await databaseFingerprint(db, schemas);
    const file = path.join(folder, "postgres.dump");
    await backupPostgres(url, schemas, file);

    await sql`delete from forum_replies`.execute(db);
    await sql`delete from ${sql.table(`${schemas[1]}.job`)}`.execute(db);
    await expect(restorePostgres(url, schemas, file)).rejects.toThrow(/--force/);
    await restorePostgres(url, schemas, file, { force: true });
    expect(await databaseFingerprint(db, schemas)).toEqual(before);

    await sql`create database ${sql.id(otherDatabase)}`.execute(db);
    const otherUrl = new URL(url);
    otherUrl.pathname = `/${otherDatabase}`;
    await restorePostgres(otherUrl.href, schemas, file);
    const other = connectDatabase({ databaseUrl: otherUrl.href, schema: schemas[0] });
    try {
      expect(await databaseFingerprint(other, schemas)).toEqual(before);
    } finally {
      await other.destroy();
    }
  });

  it("replaces an app in public without touching the extensions other schemas share", async () => {
    const publicDatabase = `${otherDatabase}_public`;
    await sql`create database ${sql.id(publicDatabase)}`.execute(db);
    const publicUrl = new URL(url);
    publicUrl.pathname = `/${publicDatabase}`;
    const app = connectDatabase({ databaseUrl: publicUrl.href });
    try {
      await migrateToLatest(app);
      await fill(app, publicUrl.href, "pgboss");
      // Another schema's index on a public extension survives the restore.
      await sql`create schema neighbour`.execute(app);
      await sql`create table neighbour.notes (body text)`.execute(app);
      await sql`create index on neighbour.notes using gin (body public.gin_trgm_ops)`.execute(app);
      const before = await databaseFingerprint(app, ["public", "pgboss"]);
      const file = path.join(folder, "public.dump");
      await backupPostgres(publicUrl.href, ["public", "pgboss"], file);

      await sql`delete from tasks`.execute(app);
      await sql`create table public.made_after_the_backup (id int)`.execute(app);
      await restorePostgres(publicUrl.href, ["public", "pgboss"], file, { force: true });
      expect(await databaseFingerprint(app, ["public", "pgboss"])).toEqual(before);
      const { rows } = await sql<{ indexes: number }>`
        select count(*)::int as indexes from pg_indexes where schemaname = 'neighbour'
      `.execute(app);
      expect(rows[0]!.indexes).toBe(1);
    } finally {
      await app.destroy();
      await sql`drop database if exists ${sql.id(publicDatabase)}`.execute(db);
    }
  });

  it("refuses a backup of another schema", async () => {
    const file = path.join(folder, "postgres-schema.dump");
    await backupPostgres(url, schemas, file);
    await expect(restorePostgres(url, ["public", "pgboss"], file)).rejects.toThrow(/set DATABASE_SCHEMA/);
  });
});
