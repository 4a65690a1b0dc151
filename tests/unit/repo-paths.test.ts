import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findOutsideReferences, repositoryFiles } from "../../scripts/check-repo-paths";

// The planted references are spelt in pieces, so that this file passes the check itself.
const sibling = ".." + "/shared/search-eval";
const workspace = "/" + "work/shared/DESIGN.md";

describe("scripts/check-repo-paths.ts", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "repo-paths-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  it("flags a planted reference outside the repository, and nothing in a clean one", () => {
    execFileSync("git", ["init", "-q"], { cwd: root });
    write("docs/guide.md", "See [the scripts](../scripts/run.ts) and [the top](#top).\n");
    write("scripts/run.ts", 'const dir = "bench/search-eval";\nconst hostile = "../../../../etc/passwd";\n');
    expect(findOutsideReferences(root, repositoryFiles(root))).toEqual([]);

    write("scripts/run.ts", `const dir = "${sibling}";\n`);
    write("README.md", `Read [the design](${workspace}) and [missing](docs/nowhere.md).\n`);
    write("docs/guide.md", "See [above](../../outside.md).\n");
    const findings = findOutsideReferences(root, repositoryFiles(root));
    expect(findings.map(({ file, line, reason }) => `${file}:${line} ${reason}`).sort()).toEqual([
      `README.md:1 links to a file the repository does not have: ${workspace}`,
      "README.md:1 links to a file the repository does not have: docs/nowhere.md",
      "README.md:1 refers to an absolute path outside the repository",
      "docs/guide.md:1 links outside the repository: ../../outside.md",
      "scripts/run.ts:1 refers to a sibling folder outside the repository",
    ]);
  });

  it("finds nothing in this repository", () => {
    const here = process.cwd();
    expect(findOutsideReferences(here, repositoryFiles(here))).toEqual([]);
  });
});
