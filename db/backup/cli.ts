import fs from "node:fs";
import { EmbeddedDatabaseError } from "../data-folder-lock";
import { jobSchemaFor } from "../job-schema";
import { backupEmbedded, restoreEmbedded } from "./embedded";
import { BackupError, backupKind } from "./files";
import { backupPostgres, restorePostgres } from "./postgres";

/**
 * `npm run db:backup [-- FILE]` and `npm run db:restore -- FILE [--force]`, for the configured
 * database: the embedded one in DATA_DIR (served or not), or PostgreSQL at DATABASE_URL (the app's
 * schema, DATABASE_SCHEMA or public, and pg-boss's beside it).
 */
const [command, ...rest] = process.argv.slice(2);
const force = rest.includes("--force");
const file = rest.find((argument) => !argument.startsWith("--"));

function defaultFile(postgres: boolean): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return `backups/gainers-hub-${stamp}.${postgres ? "dump" : "tar.gz"}`;
}

async function main(): Promise<void> {
  // Imported here so that a configuration error is reported like any other.
  const { config } = await import("../../app/config.server");
  const postgres = config.DATABASE_URL;
  const schemas = [config.DATABASE_SCHEMA ?? "public", jobSchemaFor(config.DATABASE_SCHEMA)];
  if (!postgres && !config.dataDir) throw new BackupError("DATA_DIR is :memory:; there is nothing on disk to back up.");
  if (command === "backup") {
    const target = file ?? defaultFile(Boolean(postgres));
    if (postgres) await backupPostgres(postgres, schemas, target);
    else await backupEmbedded(config.dataDir!, target);
    console.log(`Backed up to ${target} (${fs.statSync(target).size} bytes).`);
    return;
  }
  if (command === "restore" && file) {
    if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
    const kind = backupKind(file);
    if (kind !== (postgres ? "postgres" : "embedded")) {
      throw new BackupError(
        kind === "unknown"
          ? `${file} is not a backup made by npm run db:backup.`
          : `${file} is a backup of the ${kind === "postgres" ? "PostgreSQL" : "embedded"} database; ` +
              `this configuration uses the ${postgres ? "PostgreSQL" : "embedded"} one (DATABASE_URL).`,
      );
    }
    if (postgres) {
      await restorePostgres(postgres, schemas, file, { force });
      console.log(`Restored ${file} into schema ${schemas.join(" and ")}.`);
    } else {
      const { replaced } = await restoreEmbedded(config.dataDir!, file, { force });
      console.log(
        `Restored ${file} into ${config.dataDir}.${replaced ? ` The previous database is in ${replaced}.` : ""}`,
      );
    }
    return;
  }
  throw new BackupError("Usage: npm run db:backup [-- FILE]  |  npm run db:restore -- FILE [--force]");
}

try {
  await main();
} catch (error) {
  // An operator's command: one plain sentence, no stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof BackupError || error instanceof EmbeddedDatabaseError ? 1 : 2;
}
