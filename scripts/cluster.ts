import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { isLoopback } from "../app/config.server";
import { type Cluster, findHaproxy, HAPROXY_MISSING, startCluster } from "./cluster/cluster";
import { serverScript } from "./cluster/instance";

/**
 * `npm run cluster [-- --instances N --port P --host H --seed]`: N instances of the production build
 * (default 2) on the PostgreSQL in DATABASE_URL behind HAProxy on P (default PORT, else 3000).
 * Ctrl+C or SIGTERM stops everything: each instance finishes its requests first.
 */
const usage = "Usage: DATABASE_URL=postgres://… npm run cluster -- [--instances N] [--port P] [--host H] [--seed]";

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "2" },
    port: { type: "string", default: process.env.PORT ?? "3000" },
    host: { type: "string", default: "127.0.0.1" },
    seed: { type: "boolean", default: false },
    build: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 32) refuse(`--instances: 1 to 32.\n${usage}`);
if (!Number.isInteger(port) || port < 1 || port + instances > 65535) refuse(`--port: a free port.\n${usage}`);
if (!process.env.DATABASE_URL) {
  refuse(
    "DATABASE_URL is required: several instances share one PostgreSQL. The embedded database " +
      `belongs to one process (npm start).\n${usage}`,
  );
}
if (!findHaproxy()) refuse(HAPROXY_MISSING);

// The instances listen on loopback behind the balancer; the rules that guard a public address
// (config.server.ts) must hold for the balancer's address instead.
if (!isLoopback(values.host)) {
  const provider = process.env.MICROSOFT_CLIENT_ID || process.env.OIDC_ISSUER;
  if (!provider && process.env.ALLOW_DEV_SIGN_IN !== "true") {
    refuse(
      `No sign-in provider is configured and the balancer listens on ${values.host}. ` +
        "Set MICROSOFT_* or OIDC_* (see README), or ALLOW_DEV_SIGN_IN=true to accept that anyone can sign in as anyone.",
    );
  }
  if (!process.env.SESSION_SECRET) refuse(`SESSION_SECRET is required when the balancer listens on ${values.host}.`);
}

const built = fs.existsSync(serverScript()) && fs.existsSync(path.join(path.dirname(serverScript()), "server"));
if (process.env.BUILD_DIR && (values.build || !built)) {
  refuse(
    `No production build in ${process.env.BUILD_DIR}: build it there (CONTRIBUTING.md: Running things side by side).`,
  );
}
if (values.build || !built) {
  console.log("Building the production server (npm run build)…");
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const prefix = (source: string, text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => `[${source}] ${line}\n`)
    .join("");

let cluster: Cluster | undefined;
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the instances (each finishes its requests), then the balancer…`);
  await cluster?.stop();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
// The instances and the balancer run in process groups of their own: none outlives this script.
process.on("exit", () => cluster?.kill());

try {
  cluster = await startCluster({
    instances,
    port,
    host: values.host,
    seed: values.seed,
    env: process.env,
    onOutput: (source, text) => process.stdout.write(prefix(source, text)),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
for (const [index, instance] of cluster.instances.entries()) {
  instance.process.once("exit", (code, signal) => {
    if (!stopping) console.error(`app${index + 1} (${instance.baseURL}) exited: ${signal ?? code}`);
  });
}
console.log(
  [
    `${instances} instance${instances === 1 ? "" : "s"} behind HAProxy: ${cluster.url}`,
    ...cluster.instances.map(
      (instance, index) => `  app${index + 1}: ${instance.baseURL} (pid ${instance.process.pid})`,
    ),
    `  haproxy.cfg: ${path.join(cluster.configDir, "haproxy.cfg")}`,
    "Ctrl+C stops everything.",
  ].join("\n"),
);
