import fs from "node:fs";
import path from "node:path";

/**
 * The embedded database belongs to one process (DESIGN): a lock file in its data folder names
 * the process that holds it. A second process refuses to start; a lock whose process is gone
 * (killed, crashed) is taken over.
 */
export const LOCK_FILE = "embedded-db.lock";

/** A refusal to open the embedded database, worded for the person who started the server. */
export class EmbeddedDatabaseError extends Error {
  override name = "EmbeddedDatabaseError";
}

const TAKEOVER_SETTLE_MS = 100;

interface LockContent {
  pid: number;
  startedAt: string;
}

function readLock(file: string): LockContent | null {
  try {
    const content = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LockContent>;
    return typeof content.pid === "number" ? { pid: content.pid, startedAt: String(content.startedAt) } : null;
  } catch {
    return null;
  }
}

/** Whether a process runs with this id (one we may not signal still runs). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process holding `dataDir`'s embedded database, or null when none does. */
export function lockHolder(dataDir: string): number | null {
  const lock = readLock(path.join(dataDir, LOCK_FILE));
  return lock && lock.pid !== process.pid && processRuns(lock.pid) ? lock.pid : null;
}

function inUse(dataDir: string, pid: number): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError(
    `The data folder ${path.resolve(dataDir)} is in use by another server (process ${pid}). ` +
      "Stop that server first, or start this one with another DATA_DIR.",
  );
}

/**
 * Takes the folder's lock for this process, or throws EmbeddedDatabaseError when another live
 * process holds it. Returns the release, which also runs when the process exits.
 */
export function lockDataFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, startedAt: new Date().toISOString() };
  let tookOver = false;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw claimFailed(dataDir, error);
      const holder = readLock(file);
      if (holder && holder.pid !== process.pid && processRuns(holder.pid)) throw inUse(dataDir, holder.pid);
      // Left by a process that is gone: take it over.
      fs.rmSync(file, { force: true });
      tookOver = true;
    }
  }
  if (tookOver) {
    // Two processes taking over the same stale lock at once: after a moment, the last writer holds it.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, TAKEOVER_SETTLE_MS);
    const now = readLock(file);
    if (now?.startedAt !== mine.startedAt || now.pid !== mine.pid) throw inUse(dataDir, now?.pid ?? 0);
  }
  const release = () => {
    process.off("exit", release);
    const current = readLock(file);
    if (current?.pid === mine.pid && current.startedAt === mine.startedAt) fs.rmSync(file, { force: true });
  };
  process.on("exit", release);
  return release;
}

function claimFailed(dataDir: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EEXIST") {
    const holder = lockHolder(dataDir);
    return inUse(dataDir, holder ?? 0);
  }
  return new EmbeddedDatabaseError(
    `The data folder ${path.resolve(dataDir)} cannot be locked (${code ?? String(error)}). Check that it is writable.`,
  );
}
