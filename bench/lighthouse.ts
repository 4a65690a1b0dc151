/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a throttled
 * 4G-like network, simulated) of the home, catalogue and project pages of the production build
 * on the demo data, in every category. Prints each score; exits 1 when any is under 95.
 *
 * Options (environment): LIGHTHOUSE_PORT (3396), CHROMIUM_PATH (/usr/bin/chromium).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { demoId } from "#db/seed";
import { spawnAndWait, stopChildrenAndWait } from "./harness";
import { serverArgs } from "../scripts/server-command";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3396);
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gainers-lighthouse-"));
const BUDGET = 95;
const pages = {
  home: "/",
  catalogue: "/search-projects",
  project: `/project/${demoId("project:p001")}`,
};

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: "fatal",
};
await spawnAndWait(serverArgs("build/server.js"), env, `${base}/healthz`);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

let failed = false;
try {
  for (const [name, address] of Object.entries(pages)) {
    const result = await lighthouse(`${base}${address}`, { port: chrome.port, output: "json", logLevel: "error" });
    const categories = result!.lhr.categories;
    const scores = Object.values(categories).map((category) => ({
      title: category.title,
      score: Math.round((category.score ?? 0) * 100),
    }));
    console.log(`${name} (${address}): ${scores.map((entry) => `${entry.title} ${entry.score}`).join(", ")}`);
    for (const entry of scores.filter((item) => item.score < BUDGET)) {
      failed = true;
      const category = Object.values(categories).find((item) => item.title === entry.title)!;
      // What cost the points: the category's audits that did not pass.
      const misses = category.auditRefs
        .map((ref) => result!.lhr.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
        .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
      console.log(`  under ${BUDGET}: ${entry.title}; not passed: ${misses.join(", ")}`);
    }
  }
} finally {
  chrome.kill();
  await stopChildrenAndWait();
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
