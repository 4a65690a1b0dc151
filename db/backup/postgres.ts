import { type ChildProcessByStdio, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import pg from "pg";
import { BackupError, writeAtomically } from "./files";

/**
 * Backups on PostgreSQL: pg_dump's custom format of the app's schema and pg-boss's, restored with
 * pg_restore's SQL run by psql in one transaction, so a failed restore leaves the database as it
 * was. The extensions (pg_trgm, vector) live in public and are shared with other schemas, so they
 * are created when missing, never dropped.
 */

/** Starts a PostgreSQL client program; `done` resolves with its stdout, or rejects with its stderr. */
function start(
  program: string,
  args: string[],
  { keepStdout = true } = {},
): { child: ChildProcessByStdio<Writable, Readable, Readable>; done: Promise<string> } {
  const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"] });
  const done = new Promise<string>((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    if (keepStdout) child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error) => reject(new BackupError(`${program} could not be started (${error.message}).`)));
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new BackupError(`${program} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
  return { child, done };
}

function run(program: string, args: string[]): Promise<string> {
  const { child, done } = start(program, args);
  child.stdin.end();
  return done;
}

export async function backupPostgres(url: string, schemas: string[], file: string): Promise<void> {
  await writeAtomically(file, (partial) =>
    run("pg_dump", ["--format=custom", ...schemas.map((schema) => `--schema=${schema}`), `--file=${partial}`, url]),
  );
}

/** Statements that drop everything in `schema` except what extensions own (which others share). */
async function emptyingStatements(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    `select format('drop %s if exists %s cascade', kind, name) as statement
       from (select case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                      when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end as kind,
                    c.oid::regclass::text as name, c.oid, 'pg_class'::regclass as catalog
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
             union all
             select case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
                    p.oid::regprocedure::text, p.oid, 'pg_proc'::regclass
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1
             union all
             select case t.typtype when 'd' then 'domain' else 'type' end, t.oid::regtype::text, t.oid,
                    'pg_type'::regclass
               from pg_type t join pg_namespace n on n.oid = t.typnamespace
              where n.nspname = $1 and t.typtype in ('e', 'd', 'r', 'm')) as objects
      -- Extension members stay; a serial or identity column's sequence goes with its table.
      where not exists (select 1 from pg_depend d
                         where d.classid = objects.catalog and d.objid = objects.oid and d.deptype in ('e', 'a', 'i'))`,
    [schema],
  );
  return rows.map((row) => row.statement);
}

/** The schemas a dump's tables belong to, from its table of contents. */
function dumpedSchemas(list: string): Set<string> {
  const schemas = new Set<string>();
  for (const line of list.split("\n")) {
    const match = /^\d+; \d+ \d+ (?:SCHEMA - (\S+)|TABLE (?!DATA |ATTACH )(\S+) )/.exec(line);
    if (match) schemas.add(match[1] ?? match[2]!);
  }
  return schemas;
}

/**
 * Restores a pg_dump backup of `schemas` into the database at `url`. Refuses when those schemas
 * hold anything unless `force`, which replaces their contents.
 */
export async function restorePostgres(
  url: string,
  schemas: string[],
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const list = await run("pg_restore", ["--list", file]);
  const foreign = [...dumpedSchemas(list)].filter((schema) => !schemas.includes(schema));
  if (foreign.length) {
    throw new BackupError(
      `${file} holds schema ${foreign.join(", ")}, not ${schemas.join(", ")}: set DATABASE_SCHEMA to the one it was taken from.`,
    );
  }
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  const prelude = ["create extension if not exists pg_trgm with schema public;"];
  try {
    const { rows } = await client.query<{ available: boolean }>(
      "select exists (select 1 from pg_available_extensions where name = 'vector') as available",
    );
    if (rows[0]?.available) prelude.push("create extension if not exists vector with schema public;");
    for (const schema of schemas) {
      const statements = await emptyingStatements(client, schema);
      if (statements.length && !force) {
        throw new BackupError(`Schema ${schema} already holds data; add --force to replace it.`);
      }
      if (schema === "public") prelude.push(...statements.map((statement) => `${statement};`));
      else prelude.push(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade;`);
    }
  } finally {
    await client.end().catch(() => {});
  }
  // initdb made schema public: the dump's "create schema public" would fail on it.
  const entries = list.split("\n").filter((line) => !/ (SCHEMA|COMMENT) - (SCHEMA )?public /.test(line));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "restore-"));
  const listFile = path.join(folder, "list");
  fs.writeFileSync(listFile, entries.join("\n"));
  try {
    // The script reaches psql only whole: if pg_restore fails, psql is stopped before its
    // transaction commits.
    const script = start("pg_restore", ["--no-owner", `--use-list=${listFile}`, "--file=-", file], {
      keepStdout: false,
    });
    const psql = start("psql", [
      "--quiet",
      "--no-psqlrc",
      "--single-transaction",
      "-v",
      "ON_ERROR_STOP=1",
      "--file=-",
      url,
    ]);
    script.child.stdin.end();
    psql.child.stdin.on("error", () => {});
    psql.child.stdin.write(`${prelude.join("\n")}\n`);
    script.child.stdout.pipe(psql.child.stdin, { end: false });
    // psql stopping (a statement failed; its transaction is rolled back) leaves pg_restore
    // writing to nobody: stop it too, and report psql's error.
    let psqlError: unknown = null;
    psql.done.catch((error: unknown) => {
      psqlError = error;
      script.child.kill();
    });
    try {
      await script.done;
    } catch (error) {
      psql.child.kill();
      await psql.done.catch(() => {});
      throw psqlError ?? error;
    }
    psql.child.stdin.end();
    await psql.done;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
