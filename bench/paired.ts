import fs from "node:fs";
import { serverArgs } from "../scripts/server-command";
import { percentile, spawnAndWait, stopChildrenAndWait } from "./harness";
import { step } from "./progress";
import { type RealTrafficData, runRealTraffic } from "./real-traffic";

/**
 * Two builds under real traffic at the same time (`BENCH_PAIR=build-a,build-b`, embedded only):
 * each serves its own copy of the prepared data on its own port, and both take the traffic at
 * once, so a change in the machine's speed (runs move by up to 2× here) touches both alike. Each
 * round starts from fresh copies. Prints each build's req/s, p99 and its request thread's CPU per
 * request (read from /proc: the profile's sampling counts time the thread waited in a syscall).
 */
export async function runPairedTraffic(options: {
  builds: [string, string];
  dataDir: string;
  traffic: RealTrafficData;
  env: NodeJS.ProcessEnv;
  port: number;
  rounds: number;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
}): Promise<void> {
  const { builds, dataDir, traffic, port, rounds } = options;
  for (let round = 1; round <= rounds; round++) {
    step(`Paired real traffic, round ${round} of ${rounds}: ${builds.join(" against ")}`);
    const servers = await Promise.all(
      builds.map(async (build, index) => {
        const copy = `${dataDir}-pair-${index}`;
        fs.rmSync(copy, { recursive: true, force: true });
        fs.cpSync(dataDir, copy, { recursive: true });
        const serverPort = port + 10 + index;
        const child = await spawnAndWait(
          serverArgs(`${build}/server.js`),
          { ...options.env, BUILD_DIR: build, PORT: String(serverPort), DATA_DIR: copy },
          `http://127.0.0.1:${serverPort}/healthz`,
        );
        return { build, copy, pid: child.pid!, baseUrl: `http://127.0.0.1:${serverPort}` };
      }),
    );
    const cpuBefore = servers.map((server) => requestThreadMs(server.pid));
    const results = await Promise.all(
      servers.map((server) =>
        runRealTraffic({
          baseUrl: server.baseUrl,
          data: traffic,
          connections: options.connections,
          seconds: options.seconds,
          warmUpSeconds: options.warmUpSeconds,
          label: `${server.build}, round ${round}`,
        }),
      ),
    );
    const cpuAfter = servers.map((server) => requestThreadMs(server.pid));
    await stopChildrenAndWait();
    console.table(
      servers.map((server, index) => {
        const result = results[index]!;
        const answered = result.requests;
        return {
          build: server.build,
          "req/s": Math.round(answered / result.seconds),
          "p99 ms": Math.round(percentile(result.latencies, 0.99)),
          failed: result.failures,
          // Warm-up included: compare builds with each other, not with other runs.
          "request thread ms a request": Math.round(((cpuAfter[index]! - cpuBefore[index]!) / answered) * 100) / 100,
        };
      }),
    );
    for (const server of servers) fs.rmSync(server.copy, { recursive: true, force: true });
  }
}

/** CPU time the process's main thread has used, in ms (Linux: user + system ticks of its task). */
function requestThreadMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
