import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { haproxyConfig, instanceName, TAKEN_OUT_WITHIN_SECONDS } from "./haproxy-config";
import { type RunningServer, startInstance, stopInstance } from "./instance";

/**
 * Several instances of the production server on one PostgreSQL behind HAProxy (npm run cluster,
 * and the cluster tests): the migrations run once, before any instance starts; then the instances
 * start together, and the balancer in front of them.
 */
export interface ClusterOptions {
  instances: number;
  /** The balancer's port; the instances take the next ones (port + 1, port + 2, …). */
  port: number;
  /** The balancer's address (the instances listen on 127.0.0.1). */
  host?: string;
  /** The instances' and the migration's settings; DATABASE_URL is required. */
  env: Record<string, string | undefined>;
  /** Also load the demo data (an empty database only). */
  seed?: boolean;
  /** Told every piece of output: an instance's (`app1`, …), the balancer's or the database step's. */
  onOutput?: (source: string, text: string) => void;
}

export interface Cluster {
  /** The balancer's address. */
  url: string;
  instances: RunningServer[];
  /** The temporary folder with the generated haproxy.cfg. */
  configDir: string;
  /** Starts instance `index` again (after it was stopped) on its port, behind the same balancer. */
  restartInstance(index: number): Promise<RunningServer>;
  /** Stops every instance (each finishes its requests), then the balancer. */
  stop(): Promise<void>;
  /** Kills every process at once (SIGKILL), for a script that is exiting anyway. */
  kill(): void;
}

const HAPROXY_PATHS = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy"];

/** HAProxy's program (HAPROXY_BIN, else Debian's), or null when it is not installed. */
export function findHaproxy(): string | null {
  const candidates = [process.env.HAPROXY_BIN, ...HAPROXY_PATHS].filter((file): file is string => Boolean(file));
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

export const HAPROXY_MISSING =
  "HAProxy is not installed: `sudo apt-get install -y haproxy` (Debian, Ubuntu), or set HAPROXY_BIN.";

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { instances: count, port, host = "127.0.0.1", env, seed = false, onOutput } = options;
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is required: the embedded database belongs to one process.");
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error(HAPROXY_MISSING);
  const urlHost = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;

  // Once, before the instances: each instance migrates at start too, but then finds nothing to do.
  await runDatabaseStep(seed ? "seed" : "migrate", env, onOutput);

  const instancePorts = Array.from({ length: count }, (_, index) => port + 1 + index);
  const instanceEnv = {
    ...env,
    HOST: "127.0.0.1",
    // Sign-in redirects and the development provider's issuer use the balancer's address.
    PUBLIC_URL: env.PUBLIC_URL ?? url,
    SEED_ON_START: "false",
    // A stopping instance stays in service until the balancer's health checks have taken it out.
    SHUTDOWN_DELAY_SECONDS: env.SHUTDOWN_DELAY_SECONDS ?? String(TAKEN_OUT_WITHIN_SECONDS),
  };
  const start = (index: number) =>
    startInstance({
      port: instancePorts[index]!,
      env: instanceEnv,
      urlHost: "127.0.0.1",
      // The script stops them in order (instances first, each finishing its requests).
      detached: true,
      onOutput: (text) => onOutput?.(instanceName(index), text),
    });
  // Together: the instances take turns setting up the job queues (app/jobs/queue.server.ts).
  const started = await Promise.allSettled(instancePorts.map((_, index) => start(index)));
  const instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(instances.map((instance) => stopInstance(instance, "SIGKILL")));
    throw (failed as PromiseRejectedResult).reason;
  }

  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "gainers-hub-cluster-"));
  const configFile = path.join(configDir, "haproxy.cfg");
  fs.writeFileSync(configFile, haproxyConfig({ host, port, instancePorts }));
  let balancer: ChildProcess;
  try {
    balancer = await startBalancer(haproxy, configFile, url, (text) => onOutput?.("haproxy", text));
  } catch (error) {
    await Promise.all(instances.map((instance) => stopInstance(instance, "SIGKILL")));
    fs.rmSync(configDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    instances,
    configDir,
    async restartInstance(index) {
      await stopInstance(instances[index]!);
      instances[index] = await start(index);
      return instances[index];
    },
    async stop() {
      await Promise.all(instances.map((instance) => stopInstance(instance)));
      await stopProcess(balancer);
      fs.rmSync(configDir, { recursive: true, force: true });
    },
    kill() {
      for (const child of [...instances.map((instance) => instance.process), balancer]) {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** `npm run db:migrate` (or db:seed, which migrates first) with the cluster's settings. */
function runDatabaseStep(
  step: "migrate" | "seed",
  env: Record<string, string | undefined>,
  onOutput: ClusterOptions["onOutput"],
): Promise<void> {
  const child = spawn("npm", ["run", "--silent", `db:${step}`], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const record = (chunk: Buffer) => {
    output.push(chunk.toString());
    onOutput?.("database", chunk.toString());
  };
  child.stdout!.on("data", record);
  child.stderr!.on("data", record);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`npm run db:${step} failed (${code}): ${output.join("").slice(-2000)}`)),
    );
  });
}

/** Starts HAProxy in the foreground and waits until it answers /healthz through an instance. */
async function startBalancer(
  haproxy: string,
  configFile: string,
  url: string,
  onOutput: (text: string) => void,
): Promise<ChildProcess> {
  const output: string[] = [];
  const child = spawn(haproxy, ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const record = (chunk: Buffer) => {
    output.push(chunk.toString());
    onOutput(chunk.toString());
  };
  child.stdout!.on("data", record);
  child.stderr!.on("data", record);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`haproxy exited: ${output.join("").slice(-2000)}`);
    }
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopProcess(child);
  throw new Error(`haproxy did not answer on ${url}: ${output.join("").slice(-2000)}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
