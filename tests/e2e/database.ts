import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { EMBEDDED_URL_FILE } from "../../db/connection";
import { E2E_DATA_DIR } from "../../playwright.config";

/**
 * The test server's own database, for states no screen can make (time passing): its embedded
 * database serves the wire protocol, and writes where in the data folder.
 */
export async function withTestDatabase<T>(
  work: (client: pg.Client) => Promise<T>,
  /** Another server's data folder (a test that runs a server of its own). */
  dataDir = E2E_DATA_DIR,
): Promise<T> {
  const url = fs.readFileSync(path.join(dataDir, EMBEDDED_URL_FILE), "utf8").trim();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
