import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseClientConfig } from "~/db.server";
import { defineJob, enqueue, PRIORITY, startJobs, stopJobs } from "~/jobs/queue.server";

/**
 * The job queue keeps up: a worker that finds jobs keeps fetching instead of waiting for its next
 * poll (10 s), a person's job runs ahead of scheduled ones, and a job whose data does not parse
 * is dropped. Jobs queued "elsewhere" go through a second pg-boss client, as another instance or
 * the scheduler would queue them: nothing wakes this instance's worker for those.
 */
const ran: { name: string; at: number; data: unknown }[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

defineJob<{ n: number }>("test-backlog", async (data) => void ran.push({ name: "backlog", at: Date.now(), data }));
defineJob<{ who: string }>(
  "test-priority",
  async (data) => {
    ran.push({ name: "priority", at: Date.now(), data });
    await sleep(100);
  },
  { payload: z.object({ who: z.string() }) },
);

const { connectionString } = await databaseClientConfig();
const elsewhere = new PgBoss({ connectionString, schema: (await import("~/jobs/queue.server")).jobSchema, max: 2 });
elsewhere.on("error", () => {});

afterAll(async () => {
  await elsewhere.stop({ graceful: false, wait: true, close: true });
  await stopJobs();
});

async function until(check: () => boolean, ms = 30_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await sleep(25);
  }
}

describe("the job queue", () => {
  it("drains a backlog queued elsewhere without waiting a poll between jobs", async () => {
    await startJobs();
    await elsewhere.start();
    // Let the worker settle into its poll wait, so nothing but its own loop can wake it.
    await sleep(500);
    for (let n = 0; n < 30; n++) await elsewhere.send("test-backlog", { n });
    await until(() => ran.filter((job) => job.name === "backlog").length === 30, 60_000);
    // The first waits for the worker's next poll; one job a poll would then take 29 more polls of
    // 10 s, while a worker that keeps fetching takes a moment.
    const times = ran.filter((job) => job.name === "backlog").map((job) => job.at);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(5_000);
  }, 90_000);

  it("runs a person's job ahead of scheduled ones queued before it", async () => {
    await startJobs();
    await elsewhere.start();
    for (let n = 0; n < 20; n++) {
      await elsewhere.send("test-priority", { who: `scheduled ${n}` }, { priority: PRIORITY.scheduled });
    }
    await enqueue("test-priority", { who: "person" }, { priority: PRIORITY.person });
    await until(() => ran.filter((job) => job.name === "priority").length === 21, 60_000);
    const order = ran.filter((job) => job.name === "priority").map((job) => (job.data as { who: string }).who);
    // At most the job already running when the person's arrived goes first.
    expect(order.indexOf("person")).toBeLessThanOrEqual(1);
  }, 90_000);

  it("drops a job whose data does not parse, without running it", async () => {
    await startJobs();
    await elsewhere.start();
    const before = ran.length;
    await elsewhere.send("test-priority", { who: 42 });
    await elsewhere.send("test-priority", { who: "after the bad one" });
    await until(() => ran.length === before + 1);
    await sleep(300);
    expect(ran.slice(before).map((job) => job.data)).toEqual([{ who: "after the bad one" }]);
  }, 60_000);
});
