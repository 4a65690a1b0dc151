import { describe, expect, it } from "vitest";
import { mapAtMost } from "~/utils/map-at-most";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("mapAtMost", () => {
  it("keeps the items' order and never runs more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const results = await mapAtMost([30, 5, 20, 1, 10, 15, 2], 3, async (ms) => {
      running += 1;
      most = Math.max(most, running);
      await sleep(ms);
      running -= 1;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20, 30, 4]);
    expect(most).toBe(3);
  });

  it("starts nothing after a failure and throws the failure", async () => {
    const started: number[] = [];
    await expect(
      mapAtMost([1, 2, 3, 4, 5, 6], 2, async (item) => {
        started.push(item);
        await sleep(item === 1 ? 20 : 5);
        if (item === 2) throw new Error("item 2 failed");
        return item;
      }),
    ).rejects.toThrow("item 2 failed");
    await sleep(30);
    expect(started).toEqual([1, 2]);
  });

  it("maps nothing to nothing", async () => {
    expect(await mapAtMost([], 4, async () => 1)).toEqual([]);
  });
});
