import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { serverArgs } from "../../scripts/server-command";

describe("the production server's command", () => {
  const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

  it("is the same in package.json's start and serve as in every script that starts the server", () => {
    const command = `node ${serverArgs("build/server.js").join(" ")}`;
    expect(scripts.start).toContain(command);
    expect(scripts.serve).toContain(command);
  });
});
