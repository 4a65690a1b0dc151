import fs from "node:fs";
import path from "node:path";

/** A refusal or failure to tell the operator in one sentence (no stack trace). */
export class BackupError extends Error {}

/** Writes through `write` into FILE.partial and renames it: a backup cut short never looks whole. */
export async function writeAtomically(file: string, write: (partial: string) => Promise<unknown>): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** What a backup file holds, by its first bytes: pg_dump's custom format or a gzipped tar. */
export function backupKind(file: string): "postgres" | "embedded" | "unknown" {
  const head = Buffer.alloc(5);
  const handle = fs.openSync(file, "r");
  try {
    fs.readSync(handle, head, 0, 5, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (head.toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "embedded";
  return "unknown";
}
