import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

/**
 * The bench's reference: a bare Remix 2 app (one page of 16 project cards from memory, no
 * middleware, no database), built by `npm run bench` so every target is measured against what
 * the framework itself costs on the same machine in the same run.
 */
const root = fileURLToPath(new URL(".", import.meta.url));
export default defineConfig({
  root,
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: `${root}app`,
      buildDirectory: `${root}build`,
      // The application's own flags, so both pay the same framework costs.
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
