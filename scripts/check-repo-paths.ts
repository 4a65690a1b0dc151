/**
 * Fails when a file of the repository refers to a path outside it: a clone in a folder of its
 * own has nothing beside it. Flags the sibling folder the project once leaned on ("shared" beside it),
 * absolute paths into the machine the code was first written on, the checkout's own absolute
 * path, and Markdown links whose target is missing or outside the repository.
 *
 *   npx tsx scripts/check-repo-paths.ts   (part of npm run lint)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Finding {
  file: string;
  line: number;
  text: string;
  reason: string;
}

// Spelt in pieces, so that this file does not flag itself.
const SIBLING = new RegExp(String.raw`(?:\.\./)+` + "shared\\b");
const WORKSPACE = new RegExp("/" + String.raw`work/(?:shared|main)\b`);
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** Files git knows of here (tracked, or new and not ignored). */
export function repositoryFiles(root: string): string[] {
  const output = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split("\0").filter(Boolean))].filter((file) => fs.existsSync(path.join(root, file)));
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function linkProblem(root: string, file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("//")) return null;
  const bare = decodeURIComponent(target.split("#")[0]!.split("?")[0]!);
  if (!bare) return null;
  const resolved = bare.startsWith("/") ? path.join(root, bare) : path.resolve(root, path.dirname(file), bare);
  if (!isInside(root, resolved)) return "links outside the repository";
  if (!fs.existsSync(resolved)) return "links to a file the repository does not have";
  return null;
}

export function findOutsideReferences(root: string, files: string[]): Finding[] {
  const findings: Finding[] = [];
  const ownPath = path.resolve(root);
  for (const file of files) {
    const content = fs.readFileSync(path.join(root, file));
    if (content.includes(0)) continue; // binary
    const lines = content.toString("utf8").split("\n");
    lines.forEach((text, index) => {
      const found = (reason: string) => findings.push({ file, line: index + 1, text: text.trim(), reason });
      if (SIBLING.test(text)) found("refers to a sibling folder outside the repository");
      if (WORKSPACE.test(text)) found("refers to an absolute path outside the repository");
      else if (ownPath !== "/" && text.includes(ownPath)) found("refers to this checkout's absolute path");
      if (file.endsWith(".md")) {
        for (const match of text.matchAll(MARKDOWN_LINK)) {
          const problem = linkProblem(root, file, match[1]!);
          if (problem) found(`${problem}: ${match[1]}`);
        }
      }
    });
  }
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const findings = findOutsideReferences(root, repositoryFiles(root));
  for (const finding of findings) {
    console.error(`${finding.file}:${finding.line}: ${finding.reason}\n    ${finding.text.slice(0, 200)}`);
  }
  if (findings.length) {
    console.error(`\n${findings.length} reference(s) to paths outside the repository.`);
    process.exitCode = 1;
  } else console.log("No file refers to a path outside the repository.");
}
