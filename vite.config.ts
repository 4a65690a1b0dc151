import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // PGlite ships a WASM file it loads relative to its own module: keep it out of the bundle.
  ssr: { external: ["@electric-sql/pglite", "pg"] },
  build: { target: "es2020" },
  plugins: [
    tailwindcss(),
    remix({
      // Separate build folders let several checkouts' end-to-end runs share one machine.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
});
