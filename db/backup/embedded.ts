import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import * as tar from "tar";
import { connectDatabase, databaseUrl, EMBEDDED_URL_FILE } from "../connection";
import { lockDataFolder, lockHolder } from "../data-folder-lock";
import { BackupError, writeAtomically } from "./files";

/**
 * Backups of the embedded database: a gzipped tar of its data folder (DATA_DIR/pglite), the
 * same layout PGlite's own `dumpDataDir()` writes, so either can be restored.
 *
 * The copy is taken through the database's own connection: PGlite is one session, and the
 * loopback server gives it to one connection for the whole of an open transaction, so inside
 * `begin` nothing else runs; `checkpoint` then writes every committed change into the data files,
 * and a file copy of the folder made then is a consistent image. Requests wait only for the
 * checkpoint and the files that changed since a first, unheld pass (copyHeld), not for the whole
 * folder or the compression. pg_dump cannot be used: Debian's is PostgreSQL 15 and refuses
 * PGlite's 17.
 */

const FOLDER = "pglite";
/** Per-process files PGlite leaves in the folder; not part of the database. */
const SKIPPED = new Set(["postmaster.pid"]);

export function embeddedFolder(dataDir: string): string {
  return path.join(dataDir, FOLDER);
}

function holdsDatabase(folder: string): boolean {
  return fs.existsSync(path.join(folder, "PG_VERSION"));
}

function isEmptyFolder(folder: string): boolean {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}

/** The database system identifier in a data folder's control file (its first 8 bytes). */
function folderIdentifier(folder: string): string | null {
  try {
    return fs
      .readFileSync(path.join(folder, "global", "pg_control"))
      .readBigUInt64LE(0)
      .toString();
  } catch {
    return null;
  }
}

/**
 * The connection string of a server that serves this very folder now, or null. The URL file may
 * be stale (a killed server) and its port taken by another database, so the server must report
 * the system identifier of the folder's control file.
 */
export async function servingUrl(dataDir: string): Promise<string | null> {
  let url: string;
  try {
    url = fs.readFileSync(path.join(dataDir, EMBEDDED_URL_FILE), "utf8").trim();
  } catch {
    return null;
  }
  const expected = folderIdentifier(embeddedFolder(dataDir));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      "select system_identifier::text as id from pg_control_system()",
    );
    return expected !== null && rows[0]?.id === expected ? url : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** How long a backup waits for a server that holds the folder's lock to publish its address. */
const STARTING_SERVER_WAIT_MS = 15_000;

/**
 * The address of the server that holds the folder, or null when none does: another process
 * holding its lock (waited for while it starts), or this one (the lock is per process).
 */
async function runningServer(dataDir: string): Promise<string | null> {
  const deadline = Date.now() + STARTING_SERVER_WAIT_MS;
  for (;;) {
    const url = await servingUrl(dataDir);
    const holder = lockHolder(dataDir);
    if (url || holder === null) return url;
    if (Date.now() > deadline) {
      throw new BackupError(
        `The server holding ${dataDir} (process ${holder}) does not answer; try again once it runs.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every file under `folder` (relative names), with its last modification time. */
function filesOf(folder: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const name of fs.readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    if (SKIPPED.has(path.basename(name))) continue;
    const stat = fs.statSync(path.join(folder, name), { throwIfNoEntry: false });
    if (stat?.isFile()) files.set(name, stat.mtimeMs);
  }
  return files;
}

/** Files changed this long before the first pass began are copied again: timestamps are coarse. */
const MTIME_MARGIN_MS = 2_000;

/**
 * Brings a copy of `folder` taken from `since` on up to date: copies again every file modified
 * since then (or missing from the copy) and removes what the folder no longer has.
 */
export function refreshCopy(folder: string, into: string, since: number): void {
  const now = filesOf(folder);
  for (const [name, modified] of now) {
    if (modified < since - MTIME_MARGIN_MS && fs.existsSync(path.join(into, name))) continue;
    fs.mkdirSync(path.dirname(path.join(into, name)), { recursive: true });
    fs.copyFileSync(path.join(folder, name), path.join(into, name));
  }
  for (const name of filesOf(into).keys()) if (!now.has(name)) fs.rmSync(path.join(into, name));
}

/**
 * Copies the folder in two passes. The first runs while the server works on; the second, inside
 * a transaction that holds the database's one session and after a checkpoint, copies again only
 * what changed since the first began (and drops what was deleted), so requests wait for a few
 * files rather than the whole folder.
 */
async function copyHeld(url: string, folder: string, into: string): Promise<void> {
  const firstPass = Date.now();
  fs.cpSync(folder, into, { recursive: true, filter: (source) => !SKIPPED.has(path.basename(source)) });
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin");
    await client.query("checkpoint");
    refreshCopy(folder, into, firstPass);
    await client.query("rollback");
  } finally {
    await client.end().catch(() => {});
  }
}

/** Writes a backup of DATA_DIR's embedded database to `file`, whether a server runs on it or not. */
export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  const folder = embeddedFolder(dataDir);
  if (!holdsDatabase(folder)) throw new BackupError(`There is no embedded database in ${folder}.`);
  const copy = path.join(dataDir, `.backup-${process.pid}`);
  fs.rmSync(copy, { recursive: true, force: true });
  try {
    const served = await runningServer(dataDir);
    if (served) await copyHeld(served, folder, copy);
    else {
      // No server: open the folder here (as a server would, so it cannot be opened twice).
      const db = connectDatabase({ dataDir, maxConnections: 1 });
      try {
        await sql`select 1`.execute(db);
        await copyHeld(await databaseUrl({ dataDir }), folder, copy);
      } finally {
        await db.destroy();
      }
    }
    await writeAtomically(file, (partial) =>
      tar.create({ gzip: true, portable: true, file: partial, cwd: copy }, fs.readdirSync(copy)),
    );
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Replaces DATA_DIR's embedded database with a backup. Refuses while a server uses the folder,
 * and refuses a folder that holds anything unless `force`; the replaced folder is kept beside it.
 * The backup is unpacked and opened in a folder of its own first, so a damaged one changes nothing.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<{ replaced: string | null }> {
  const folder = embeddedFolder(dataDir);
  const holder = lockHolder(dataDir);
  if (holder !== null || (await servingUrl(dataDir))) {
    throw new BackupError(
      `A running server uses ${folder}${holder === null ? "" : ` (process ${holder})`}; stop it before restoring.`,
    );
  }
  if (!isEmptyFolder(folder) && !force) {
    throw new BackupError(`${folder} already holds a database; add --force to replace it (it is kept beside it).`);
  }
  // Held to the end, so that no server starts on the folder while it is replaced.
  const unlock = lockDataFolder(dataDir);
  try {
    return await replaceFolder(dataDir, file);
  } finally {
    unlock();
  }
}

/** Unpacks the backup beside the folder, opens it once, then swaps it in. */
async function replaceFolder(dataDir: string, file: string): Promise<{ replaced: string | null }> {
  const folder = embeddedFolder(dataDir);
  const staging = path.join(dataDir, `.restore-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(embeddedFolder(staging), { recursive: true });
  try {
    await tar.extract({ file, cwd: embeddedFolder(staging), strict: true }).catch((error: Error) => {
      throw new BackupError(`${file} is not a readable embedded database backup (${error.message}).`);
    });
    if (!holdsDatabase(embeddedFolder(staging))) {
      throw new BackupError(
        `${file} holds no embedded database (a PostgreSQL backup is restored with DATABASE_URL set).`,
      );
    }
    const db = connectDatabase({ dataDir: staging, maxConnections: 1 });
    try {
      await sql`select 1`.execute(db);
    } finally {
      await db.destroy();
    }
    let replaced: string | null = null;
    if (isEmptyFolder(folder)) fs.rmSync(folder, { recursive: true, force: true });
    else {
      replaced = `${folder}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(folder, replaced);
    }
    fs.renameSync(embeddedFolder(staging), folder);
    return { replaced };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
