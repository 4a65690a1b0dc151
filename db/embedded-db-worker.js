// @ts-check
import process from "node:process";
import v8 from "node:v8";
import { parentPort, workerData } from "node:worker_threads";

// V8 runs WebAssembly first as quickly compiled code and optimizes a function only once it has run
// hot: statements ran several times slower until then. Optimized from the first call, the database
// starts a little later (PERFORMANCE.md, "The embedded database's WebAssembly is optimized…").
if (process.env.EMBEDDED_LIFTOFF !== "1") v8.setFlagsFromString("--no-liftoff");
const { PGlite } = await import("@electric-sql/pglite");
const { serveProtocol } = await import("@gainers/pglite-protocol-server");

/**
 * The embedded database in a thread of its own: PGlite served over the PostgreSQL wire protocol
 * on a loopback port, so the app, the job queue and `psql` all speak plain `pg` to it and its work
 * leaves the request thread. Loaded through the package.json import `#embedded-db-worker`.
 *
 * workerData: { dataDir?: string, extensions?: string[], password: string } where extensions name
 * PGlite's contrib modules (`pg_trgm`, …) or `vector`, and every client must send the password.
 */
const {
  dataDir,
  extensions = [],
  password,
} = /** @type {{ dataDir?: string, extensions?: string[], password: string }} */ (workerData ?? {});

/** @param {string} name */
async function loadExtension(name) {
  const module =
    name === "vector"
      ? await import("@electric-sql/pglite/vector")
      : await import(`@electric-sql/pglite/contrib/${name}`);
  return /** @type {Record<string, unknown>} */ (module)[name];
}

// One options object: `create(dataDir, options)` drops the extensions when dataDir is undefined.
const pglite = await PGlite.create({
  dataDir,
  extensions: Object.fromEntries(await Promise.all(extensions.map(async (name) => [name, await loadExtension(name)]))),
});
// The app names only statements it runs again and again (KEEP_PLAN_MARK, db/connection.ts).
const server = await serveProtocol(pglite, { password, genericPlansForNamed: true });
const address = server.address();
parentPort?.postMessage({ port: typeof address === "object" && address ? address.port : 0 });

parentPort?.on("message", async (/** @type {unknown} */ command) => {
  if (command !== "close") return;
  server.close();
  await pglite.close();
  parentPort?.postMessage({ closed: true });
});
