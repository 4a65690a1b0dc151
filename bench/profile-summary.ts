/**
 * `tsx bench/profile-summary.ts FILE.cpuprofile [top]`: where a V8 CPU profile (node --cpu-prof)
 * spent its time, as self time per package (node_modules/<name>, the app's build, Node's internals,
 * the garbage collector, idle) and the top functions by self time.
 */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: tsx bench/profile-summary.ts FILE.cpuprofile [top]");
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** The bucket a frame's time counts towards. */
function packageOf({ url, functionName }: ProfileNode["callFrame"]): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (modules) return modules[1]!;
  if (url.startsWith("node:")) return "node internals";
  // Any build folder (BUILD_DIR): build/, build-<name>/.
  if (/\/build[^/]*\/server\//.test(url)) return "app (server build)";
  if (/\/build[^/]*\/server\.js$/.test(url)) return "host (server.js)";
  return url.replace(/^file:\/\//, "");
}

const selfByNode = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

const total = [...selfByNode.values()].reduce((sum, value) => sum + value, 0);
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, micros] of selfByNode) {
  const frame = byId.get(id)!.callFrame;
  const pkg = packageOf(frame);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  const name = `${frame.functionName || "(anonymous)"} ${pkg}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}

const rows = (map: Map<string, number>, limit: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, micros]) => ({
      name,
      ms: Math.round(micros / 1000),
      share: `${((100 * micros) / total).toFixed(1)} %`,
    }));

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.table(rows(byPackage, 25));
console.table(rows(byFunction, Number(topArg ?? 30)));
