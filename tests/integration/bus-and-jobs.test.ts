import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { defineJob, enqueue, startJobs } from "~/jobs/index.server";
import { listen, notify } from "~/realtime/bus.server";

function waitFor<T>(check: () => T | undefined, ms = 30_000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started > ms) reject(new Error("timed out"));
      else setTimeout(tick, 50);
    };
    tick();
  });
}

describe("event bus", () => {
  it("delivers a notification after its transaction commits, and not on rollback", async () => {
    const received: unknown[] = [];
    const unsubscribe = await listen("test-channel", (payload) => received.push(payload));
    await db
      .transaction()
      .execute(async (trx) => {
        await notify(trx, "test-channel", { n: 1 });
        throw new Error("roll back");
      })
      .catch(() => {});
    let seenBeforeCommit = -1;
    await db.transaction().execute(async (trx) => {
      await notify(trx, "test-channel", { n: 2 });
      await sql`select pg_sleep(0.2)`.execute(trx);
      seenBeforeCommit = received.length;
    });
    await waitFor(() => (received.length ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seenBeforeCommit).toBe(0);
    expect(received).toEqual([{ n: 2 }]);
    await unsubscribe();
    await db.transaction().execute((trx) => notify(trx, "test-channel", { n: 3 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([{ n: 2 }]);
  });
});

describe("job queue", () => {
  // Defined before any test starts the queue: jobs defined after it starts get no worker.
  const wakeDelays: number[] = [];
  defineJob<{ queuedAt: number }>("test-wake", async ({ queuedAt }) => {
    wakeDelays.push(Date.now() - queuedAt);
  });

  it("runs a queued job end to end", async () => {
    const done: unknown[] = [];
    defineJob<{ word: string }>("test-echo", async (data) => {
      done.push(data);
    });
    await startJobs();
    expect(await enqueue("test-echo", { word: "hello" })).toEqual(expect.any(String));
    expect(await waitFor(() => (done.length ? done : undefined))).toEqual([{ word: "hello" }]);
  });

  it("wakes this instance's worker for a job queued here, instead of waiting for its next poll (every 10 s)", async () => {
    await startJobs();
    // Twice, so the first job's own wake-up cannot hide a worker that would then sleep.
    for (const count of [1, 2]) {
      await enqueue("test-wake", { queuedAt: Date.now() });
      await waitFor(() => (wakeDelays.length === count ? true : undefined));
    }
    expect(Math.max(...wakeDelays)).toBeLessThan(2_000);
  });

  it("removes expired sessions in the hourly job", async () => {
    await db
      .insertInto("sessions")
      .values([
        { id: "expired-session", data: "{}", expires_at: new Date(Date.now() - 1000) },
        { id: "live-session", data: "{}", expires_at: new Date(Date.now() + 60_000) },
      ])
      .execute();
    await startJobs();
    await enqueue("remove-expired-sessions", {});
    const started = Date.now();
    let ids: string[] = [];
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ids = (await db.selectFrom("sessions").select("id").execute()).map((row) => row.id);
    } while (ids.includes("expired-session") && Date.now() - started < 30_000);
    expect(ids).toEqual(["live-session"]);
  });
});
