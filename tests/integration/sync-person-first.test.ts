import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { REVIEW_READS_AT_ONCE } from "~/github/sync.server";
import { queueRepositorySync } from "~/jobs/sync-repository.server";
import { createProject, createUser } from "../fixtures/factories";
import { fakeGitHubForThisFile } from "../fixtures/fake-github";

/**
 * A person's "Sync now" while scheduled syncs drain (issue 32): it does not wait for a scheduled
 * sync to finish, and while it runs this instance's scheduled syncs send GitHub nothing new.
 */
const fake = fakeGitHubForThisFile();
const SCHEDULED_WORKERS = 4;
const SCHEDULED = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A project with a linked repository of `pulls` pull requests, each with a review (no sync queued). */
async function linkedProject(name: string, pulls: number): Promise<string> {
  const admin = await createUser();
  const projectId = await createProject({ admin });
  fake.add({
    owner: "queue",
    name,
    contributors: [{ login: "alice", commits: 1 }],
    pulls: Array.from({ length: pulls }, (_, index) => ({
      number: index + 1,
      title: `Change ${index + 1}`,
      state: "closed" as const,
      merged: true,
      user: "alice",
    })),
    reviews: Object.fromEntries(
      Array.from({ length: pulls }, (_, index) => [index + 1, [{ id: 1000 + index, user: "bob", state: "APPROVED" }]]),
    ),
  });
  await db
    .insertInto("repositories")
    .values({ project_id: projectId, owner: "queue", name, url: `https://github.com/queue/${name}` })
    .execute();
  // Synced an hour ago: not due, so the resync job (queued at start) leaves it to the test.
  const anHourAgo = new Date(Date.now() - 3_600_000);
  await db
    .insertInto("sync_runs")
    .values({
      project_id: projectId,
      status: "completed",
      trigger: "scheduled",
      started_at: anHourAgo,
      finished_at: anHourAgo,
    })
    .execute();
  return projectId;
}

async function until<T>(check: () => Promise<T | null | undefined> | T | null | undefined, ms = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error("timed out");
    await sleep(20);
  }
}

const isScheduled = (path: string) => path.startsWith("/repos/queue/scheduled-");

describe("a person's sync while scheduled syncs drain", () => {
  it("starts without waiting for a scheduled sync to end, and this instance's scheduled syncs wait for it", async () => {
    fake.delayMs = 50;
    const testStarted = new Date();
    const scheduled: string[] = [];
    for (let n = 0; n < SCHEDULED; n++) scheduled.push(await linkedProject(`scheduled-${n}`, 100));
    const person = await linkedProject("person", 30);

    for (const projectId of scheduled) expect(await queueRepositorySync(projectId, "scheduled")).toBe("queued");
    // Every scheduled worker is busy with a sync of its own (each takes 3 + 100/5 answers in turn).
    await until(
      () =>
        new Set(fake.requests.filter((r) => isScheduled(r.path)).map((r) => r.path.split("/")[3])).size >=
        SCHEDULED_WORKERS,
    );

    expect(await queueRepositorySync(person)).toBe("queued");
    const run = await until(() =>
      db
        .selectFrom("sync_runs")
        .select(["status", "finished_at"])
        .where("project_id", "=", person)
        .where("trigger", "=", "manual")
        .where("status", "!=", "running")
        .executeTakeFirst(),
    );
    expect(run.status).toBe("completed");

    // It did not wait for a worker: no scheduled sync had ended when it did.
    const ended = await db
      .selectFrom("sync_runs")
      .select("finished_at")
      .where("project_id", "in", scheduled)
      .where("status", "!=", "running")
      .where("started_at", ">", testStarted)
      .execute();
    expect(ended.filter((row) => row.finished_at! <= run.finished_at!)).toEqual([]);

    // While it ran, scheduled syncs sent only what had passed their wait before it started: at
    // most each busy worker's requests in flight (the facts, four lists, a batch of reviews).
    const paths = fake.requests.map((request) => request.path);
    const isPerson = (path: string) => path.startsWith("/repos/queue/person");
    const first = paths.findIndex(isPerson);
    const last = paths.length - 1 - [...paths].reverse().findIndex(isPerson);
    const during = paths.slice(first, last + 1).filter(isScheduled);
    expect(last - first).toBeGreaterThan(30);
    expect(during.length).toBeLessThanOrEqual(SCHEDULED_WORKERS * (REVIEW_READS_AT_ONCE + 4));

    // The scheduled syncs carry on afterwards.
    await until(async () => {
      const left = await db
        .selectFrom("sync_runs")
        .select("id")
        .where("project_id", "in", scheduled)
        .where("status", "=", "running")
        .execute();
      return left.length === 0;
    });
  }, 120_000);
});
