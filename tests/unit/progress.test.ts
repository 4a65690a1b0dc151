import { describe, expect, it } from "vitest";
import { progress } from "../../bench/progress";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe("bench progress line", () => {
  it("rewrites one line in place on a terminal and ends it with a new line", () => {
    const out = stream(true);
    let now = 0;
    const line = progress("Generating projects", 1000, { stream: out, now: () => now });
    line.update(0);
    now = 2000;
    line.update(500);
    line.finish();
    expect(out.written).toEqual([
      "\r\x1b[2KGenerating projects: 0/1,000 (0%), 0 s",
      "\r\x1b[2KGenerating projects: 500/1,000 (50%), 2 s",
      "\r\x1b[2KGenerating projects: 500/1,000 (50%), 2 s\n",
    ]);
  });

  it("prints plain lines elsewhere, at most one per period, and always the last", () => {
    const out = stream(false);
    let now = 0;
    const line = progress("Soaking (seconds)", 30, { stream: out, everyMs: 10_000, now: () => now });
    for (let second = 1; second <= 30; second++) {
      now = second * 1000;
      line.update(second, "90 MB");
    }
    line.finish();
    expect(out.written).toEqual([
      "Soaking (seconds): 1/30 (3%), 90 MB, 1 s\n",
      "Soaking (seconds): 11/30 (36%), 90 MB, 11 s\n",
      "Soaking (seconds): 21/30 (70%), 90 MB, 21 s\n",
      "Soaking (seconds): 30/30 (100%), 90 MB, 30 s\n",
    ]);
    expect(out.written.join("")).not.toContain("\r");
  });
});
