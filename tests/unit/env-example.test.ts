import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig, SETTING_NAMES } from "~/config.server";

/** `NAME` → value of each `# NAME=value` line. */
const example = new Map(
  [...fs.readFileSync(".env.example", "utf8").matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [
    match[1]!,
    match[2]!,
  ]),
);
const readme = fs.readFileSync("README.md", "utf8");
const table = readme.slice(
  readme.indexOf("## Configuration"),
  readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
);
/** The backticked names in the first column of the README's configuration table. */
const documented = new Set(
  table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)),
);

describe(".env.example", () => {
  it("lists every setting the configuration reads, and the README's table names each of them", () => {
    expect([...example.keys()].sort()).toEqual([...SETTING_NAMES].sort());
    expect([...documented].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it("gives each setting that has a default that default", () => {
    const defaults = loadConfig({}) as unknown as Record<string, unknown>;
    const withDefaults = SETTING_NAMES.filter((name) => defaults[name] !== undefined);
    expect(withDefaults.length).toBeGreaterThan(10);
    for (const name of withDefaults) expect(example.get(name), name).toBe(String(defaults[name]));
  });
});
