import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The journeys that cross instances (tests/cluster): `npm run test:cluster` against the PostgreSQL
 * in DATABASE_URL, on instances and a balancer the spec starts itself through `npm run cluster`
 * (after `npm run build`). One worker, JavaScript on; no shared test server.
 */
export default defineConfig({
  ...base,
  testDir: "tests/cluster",
  fullyParallel: false,
  workers: 1,
  webServer: undefined,
  // Not test-results/: a run of the main suite at the same time empties that folder.
  outputDir: path.join(os.tmpdir(), `gainers-hub-cluster-results-${process.env.E2E_PORT ?? 3210}`),
  projects: [{ name: "js", use: base.projects![0]!.use }],
});
