import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
/** The loopback GitHub the app syncs from in these tests (tests never reach the internet). */
export const GITHUB_FAKE_PORT = PORT + 5;
/** The server's data folder (embedded database); tests/e2e/database.ts reads its address there. */
export const E2E_DATA_DIR = `.e2e-data-${PORT}`;

/**
 * End-to-end tests run against the production build (`npm run test:e2e` builds first), on a fresh
 * embedded database seeded with the demo data, once with JavaScript and once without.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // A folder per port: runs side by side (CONTRIBUTING.md) must not clear each other's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Roomy on purpose: CI machines are small and shared; a slow step is not a failure of the product.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      // API checks, the JavaScript budget and typing behaviour run once, in the js project.
      testIgnore: [/\/api[^/]*\.spec\.ts$/, /\/budget\.spec\.ts$/, /\.js-only\.spec\.ts$/],
    },
  ],
  webServer: [
    {
      command: `npx tsx tests/fixtures/github-api.ts --port ${GITHUB_FAKE_PORT}`,
      url: `http://127.0.0.1:${GITHUB_FAKE_PORT}/rate_limit`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Generous rate limits: every test signs in and writes from the same address (every write
      // of the run counts against one bucket). The 429 tests use their own.
      command: `rm -rf ${E2E_DATA_DIR} && DATA_DIR=${E2E_DATA_DIR} PORT=${PORT} LOG_LEVEL=warn RATE_LIMIT_SIGN_IN_PER_MINUTE=300 RATE_LIMIT_WRITES_PER_MINUTE=100000 GITHUB_API_URL=http://127.0.0.1:${GITHUB_FAKE_PORT} npm run serve`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
