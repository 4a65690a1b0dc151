import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";

/**
 * Helpers of the cluster spec: `npm run cluster` as an operator runs it, and plain HTTP requests
 * that choose their source address (each loopback address is a client of its own to the rate
 * limits) and read which instance answered.
 */
export interface RunningCluster {
  script: ChildProcess;
  /** The balancer's address. */
  url: string;
  /** Each instance's own address and process id. */
  instances: { url: string; pid: number }[];
  /** Everything the script printed (its instances' and the balancer's output too). */
  output: string[];
}

/** Runs scripts/cluster.ts with `args` and waits until it says the cluster is up. */
export async function runClusterScript(args: string[], env: Record<string, string>): Promise<RunningCluster> {
  const script = spawn(process.execPath, ["--import", "tsx", "scripts/cluster.ts", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  script.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  script.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const text = output.join("");
    const ready = /instances? behind HAProxy: (\S+)\n((?:\s+app\d+: .*\n)+)/.exec(text);
    if (ready) {
      const instances = [...ready[2]!.matchAll(/app\d+: (\S+) \(pid (\d+)\)/g)].map((match) => ({
        url: match[1]!,
        pid: Number(match[2]),
      }));
      return { script, url: ready[1]!, instances, output };
    }
    if (script.exitCode !== null) throw new Error(`npm run cluster exited ${script.exitCode}: ${text.slice(-3000)}`);
    if (Date.now() > deadline) {
      script.kill("SIGTERM");
      throw new Error(`npm run cluster did not start: ${text.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether something listens on 127.0.0.1:`port`. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Whether process `pid` still runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface Answer {
  status: number;
  /** The instance that answered (the balancer's X-Served-By), if the balancer says. */
  servedBy: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A client from one loopback address, on kept-alive connections. */
export function clientFrom(localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, localAddress } as http.AgentOptions);
  function send(
    url: string,
    { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: {
            Accept: "application/json",
            ...(payload
              ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(payload)) }
              : {}),
            ...headers,
          },
          timeout: 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              servedBy: response.headers["x-served-by"] as string | undefined,
              headers: response.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error("no answer in 30 s")));
      request.on("error", reject);
      request.end(payload);
    });
  }
  return { send, close: () => agent.destroy() };
}

/** A loopback address of its own for a test's client, e.g. 127.0.0.77. */
export function loopbackAddress(): string {
  return `127.0.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250) + 2}`;
}
