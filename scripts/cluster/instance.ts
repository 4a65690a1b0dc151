import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { serverArgs } from "../server-command";

/** One production server (`node build/server.js`) started by a script or a test. */
export interface RunningServer {
  process: ChildProcess;
  baseURL: string;
  /** Everything the server wrote to stdout and stderr. */
  log: string[];
}

export interface InstanceOptions {
  port: number;
  /** Added to this process's environment (NODE_ENV=production and PORT are set here). */
  env?: Record<string, string | undefined>;
  /** The compiled server: BUILD_DIR's server.js by default. */
  script?: string;
  /** The host name of `baseURL` (the server listens on its HOST, 127.0.0.1 by default). */
  urlHost?: string;
  /** Told each piece of output as it comes (the log keeps it too). */
  onOutput?: (text: string) => void;
  /** How long to wait for /healthz. */
  timeoutMs?: number;
  /** In a process group of its own: a terminal's Ctrl+C reaches only the script that started it. */
  detached?: boolean;
}

export const serverScript = () => path.join(process.env.BUILD_DIR ?? "build", "server.js");

/** Starts the production server on `port` and waits until its /healthz answers 200. */
export async function startInstance(options: InstanceOptions): Promise<RunningServer> {
  const { port, env = {}, script = serverScript(), urlHost = "localhost", onOutput } = options;
  const { timeoutMs = 120_000, detached = false } = options;
  const baseURL = `http://${urlHost}:${port}`;
  const log: string[] = [];
  const child = spawn(process.execPath, serverArgs(script), {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
  const record = (chunk: Buffer) => {
    const text = chunk.toString();
    log.push(text);
    onOutput?.(text);
  };
  child.stdout!.on("data", record);
  child.stderr!.on("data", record);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited: ${log.join("").slice(-2000)}`);
    }
    const ready = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { process: child, baseURL, log };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start: ${log.join("").slice(-2000)}`);
}

/** Sends `signal` (SIGTERM: the server finishes its requests first) and waits until it has exited. */
export async function stopInstance(server: RunningServer, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill(signal);
  await exited;
}
