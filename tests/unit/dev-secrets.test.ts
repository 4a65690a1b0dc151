import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { loadDevSecrets } from "~/auth/secrets.server";

/**
 * Instances started together on one data folder (npm run cluster) must end up with the same
 * generated secrets: each used to find no file, make its own and write it, and a session or token
 * one signed was refused by the others.
 */
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

test("starts racing on an empty folder all get the secrets that were kept", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-secrets-"));
  folders.push(dataDir);
  const loaded = await Promise.all(Array.from({ length: 4 }, () => loadDevSecrets(dataDir)));
  const kept = JSON.parse(fs.readFileSync(path.join(dataDir, "dev-secrets.json"), "utf8"));
  for (const secrets of loaded) expect(secrets).toEqual(kept);
  expect(fs.readdirSync(dataDir)).toEqual(["dev-secrets.json"]);
  expect(fs.statSync(path.join(dataDir, "dev-secrets.json")).mode & 0o777).toBe(0o600);
  // A later start reads them too.
  expect(await loadDevSecrets(dataDir)).toEqual(kept);
});
