import { describe, expect, it } from "vitest";
import { octokitLog } from "~/github/client.server";

describe("Octokit's request log", () => {
  it("keeps a 304 (an unchanged answer to a conditional request) out of the errors, and real errors in", () => {
    const seen: string[] = [];
    const log = octokitLog({
      debug: (message: string) => void seen.push(`debug ${message}`),
      warn: (message: string) => void seen.push(`warn ${message}`),
      error: (message: string) => void seen.push(`error ${message}`),
    } as never);
    log.error("GET /repos/a/b/pulls?state=open - 304 with id UNKNOWN in 12ms");
    log.error("GET /repos/a/b - 500 with id 1 in 40ms");
    expect(seen).toEqual([
      "debug GET /repos/a/b/pulls?state=open - 304 with id UNKNOWN in 12ms",
      "error GET /repos/a/b - 500 with id 1 in 40ms",
    ]);
  });
});
