import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient } from "~/github/client.server";
import { startSyncRun, syncRepository } from "~/github/sync.server";
import { db } from "~/db.server";
import { linkRepository } from "~/models/project-lifecycle.server";
import { ConflictError } from "~/utils/errors.server";
import { createProject, createUser } from "../fixtures/factories";
import { FakeGitHub, type FakeRepository } from "../fixtures/github-api";

const fake = new FakeGitHub();
beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => fake.reset());

/** A client of the fake with short retry delays, storing ETags in the test database. */
const client = (options: { maxRateLimitWaitSeconds?: number } = {}) =>
  createGitHubClient({ baseUrl: fake.url, db, retryBaseMs: 10, ...options });

let counter = 0;
async function linkedProject(repository: Partial<FakeRepository> = {}) {
  counter += 1;
  const admin = await createUser();
  const projectId = await createProject({ admin });
  const name = repository.name ?? `repo-${counter}-${Date.now()}`;
  fake.add({ owner: "acme", ...repository, name });
  await linkRepository(admin, projectId, { url: `https://github.com/acme/${name}` });
  return { projectId, admin, name };
}

const manyPulls = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    title: `Change ${index + 1}`,
    state: index < 3 ? ("open" as const) : ("closed" as const),
    merged: index % 2 === 0,
    user: index % 3 === 0 ? "alice" : "bob",
  }));

describe("syncing a repository from the GitHub REST API", () => {
  it("stores facts, language shares, pull requests, reviews and contributors, through every page", async () => {
    const contributors = Array.from({ length: 130 }, (_, index) => ({
      login: index === 0 ? "alice" : `dev-${index}`,
      commits: 200 - index,
    }));
    const { projectId } = await linkedProject({
      description: "Food bank inventory",
      stars: 42,
      forks: 7,
      defaultBranch: "trunk",
      languages: { TypeScript: 7000, CSS: 2000, HTML: 1000 },
      contributors,
      pulls: manyPulls(120),
      // Reviews are read for the 100 most recently updated pull requests.
      reviews: {
        120: [{ id: 9001, user: "carol", state: "APPROVED" }],
        119: [{ id: 9002, user: "alice", state: "COMMENTED" }],
        2: [{ id: 9003, user: "dave", state: "APPROVED" }],
      },
      stats: [{ login: "alice", additions: 1200, deletions: 300, commits: 200 }],
    });

    expect(await syncRepository(db, projectId, { github: client() })).toMatchObject({ status: "completed" });

    const repository = await db
      .selectFrom("repositories")
      .selectAll()
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(repository).toMatchObject({
      description: "Food bank inventory",
      stars_count: 42,
      forks_count: 7,
      default_branch: "trunk",
      primary_language: "TypeScript",
      languages: ["TypeScript", "CSS", "HTML"],
      open_pull_requests: 3,
    });
    expect(repository.fetched_at).toBeInstanceOf(Date);
    const pulls = await db.selectFrom("pull_requests").select("state").where("project_id", "=", projectId).execute();
    expect(pulls).toHaveLength(120);
    expect(pulls.filter((pull) => pull.state === "merged").length).toBeGreaterThan(0);
    const stored = await db
      .selectFrom("contributions")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("commits", "desc")
      .execute();
    // 130 committers on two pages, bob who only opened pull requests, carol who only reviewed
    // (dave reviewed a pull request too old to be read).
    expect(stored).toHaveLength(132);
    expect(stored.some((row) => row.username === "dave")).toBe(false);
    expect(stored[0]).toMatchObject({
      username: "alice",
      commits: 200,
      pull_requests: 40,
      code_reviews: 1,
      lines_added: 1200,
      lines_deleted: 300,
    });
    expect(stored.find((row) => row.username === "carol")).toMatchObject({ commits: 0, code_reviews: 1 });
    // Pagination followed the Link header: page 2 of contributors and of pull requests.
    expect(
      fake.requestsTo("/repos/acme/").some((request) => request.path.includes("contributors?per_page=100&page=2")),
    ).toBe(true);
    const run = await db
      .selectFrom("sync_runs")
      .selectAll()
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: "completed", attempts: 1, error: null });
  });

  it("sends stored ETags; unchanged answers are 304s that cost no rate limit and keep the data", async () => {
    const { projectId } = await linkedProject({
      languages: { Go: 10 },
      contributors: [{ login: "alice", commits: 3 }],
      pulls: manyPulls(5),
    });
    await syncRepository(db, projectId, { github: client() });
    const firstCost = fake.rateLimitUsed;
    expect(firstCost).toBeGreaterThan(0);

    fake.reset();
    expect(await syncRepository(db, projectId, { github: client() })).toMatchObject({ status: "completed" });
    const conditional = fake.requests.filter((request) => request.conditional);
    expect(conditional.length).toBe(fake.requests.length);
    expect(fake.requests.every((request) => request.status === 304)).toBe(true);
    expect(fake.rateLimitUsed).toBe(0);
    const contributions = await db
      .selectFrom("contributions")
      .select(["username", "commits", "pull_requests"])
      .where("project_id", "=", projectId)
      .orderBy("username")
      .execute();
    expect(contributions).toEqual([
      { username: "alice", commits: 3, pull_requests: 2 },
      { username: "bob", commits: 0, pull_requests: 3 },
    ]);
  });

  it("a missing or private repository fails the run with the spec's message, without retrying", async () => {
    const { projectId, name } = await linkedProject({ private: true });
    const outcome = await syncRepository(db, projectId, { github: client(), willRetry: true });
    expect(outcome).toMatchObject({
      status: "failed",
      error: "Repository not found. It may have been removed or made private.",
    });
    expect(fake.requests.map((request) => `${request.status} ${request.path}`)).toEqual([`404 /repos/acme/${name}`]);
  });

  it("retries a server error and succeeds", async () => {
    const { projectId, name } = await linkedProject({ languages: { Rust: 5 } });
    fake.fail({ path: `/repos/acme/${name}/languages`, status: 502, times: 2 });
    expect(await syncRepository(db, projectId, { github: client() })).toMatchObject({ status: "completed" });
    expect(fake.requestsTo(`/repos/acme/${name}/languages`).map((request) => request.status)).toEqual([502, 502, 200]);
  });

  it("a failure that may pass leaves the run running for the job's next attempt, or fails it on the last", async () => {
    const { projectId, name } = await linkedProject();
    fake.fail({ path: `/repos/acme/${name}`, status: 503, times: 10 });
    const runId = await startSyncRun(db, projectId);
    await expect(syncRepository(db, projectId, { github: client(), runId, willRetry: true })).rejects.toThrow(
      "GitHub is unavailable right now (HTTP 503).",
    );
    const running = await db.selectFrom("sync_runs").selectAll().where("id", "=", runId).executeTakeFirstOrThrow();
    expect(running).toMatchObject({
      status: "running",
      attempts: 1,
      error: "GitHub is unavailable right now (HTTP 503).",
    });

    expect(await syncRepository(db, projectId, { github: client(), runId })).toMatchObject({ status: "failed" });
    const failed = await db.selectFrom("sync_runs").selectAll().where("id", "=", runId).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(failed.finished_at).toBeInstanceOf(Date);
  });

  it("waits out a 403 rate limit until its reset time, then carries on", async () => {
    const { projectId, name } = await linkedProject({ contributors: [{ login: "alice", commits: 1 }] });
    fake.fail({ path: `/repos/acme/${name}/contributors`, status: 403, resetInSeconds: 1 });
    const started = Date.now();
    expect(await syncRepository(db, projectId, { github: client() })).toMatchObject({ status: "completed" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(fake.requestsTo(`/repos/acme/${name}/contributors`).map((request) => request.status)).toEqual([403, 200]);
  });

  it("waits out a 429 secondary rate limit by its retry-after", async () => {
    const { projectId, name } = await linkedProject();
    fake.fail({ path: `/repos/acme/${name}/languages`, status: 429, secondary: true, resetInSeconds: 1 });
    expect(await syncRepository(db, projectId, { github: client() })).toMatchObject({ status: "completed" });
    expect(fake.requestsTo(`/repos/acme/${name}/languages`).map((request) => request.status)).toEqual([429, 200]);
  });

  it("a rate limit that resets too late is not waited for in-process; the run stays for a later retry", async () => {
    const { projectId, name } = await linkedProject();
    fake.fail({ path: `/repos/acme/${name}`, status: 429, resetInSeconds: 3600, times: 5 });
    const runId = await startSyncRun(db, projectId);
    await expect(
      syncRepository(db, projectId, { github: client({ maxRateLimitWaitSeconds: 5 }), runId, willRetry: true }),
    ).rejects.toThrow("rate limit");
  });

  it("keeps the previous line counts while GitHub is still computing its statistics (202)", async () => {
    const repository: Partial<FakeRepository> = {
      contributors: [{ login: "alice", commits: 2 }],
      stats: [{ login: "alice", additions: 50, deletions: 5, commits: 2 }],
    };
    const { projectId, name } = await linkedProject(repository);
    await syncRepository(db, projectId, { github: client() });
    fake.add({ owner: "acme", name, contributors: [{ login: "alice", commits: 3 }], stats: "computing" });
    await syncRepository(db, projectId, { github: client() });
    const row = await db
      .selectFrom("contributions")
      .selectAll()
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ commits: 3, lines_added: 50, lines_deleted: 5 });
  });

  it("allows one running sync per project: two instances racing for it, one wins", async () => {
    const { projectId } = await linkedProject({ contributors: [{ login: "alice", commits: 1 }] });
    fake.delayMs = 50;
    const results = await Promise.allSettled([
      syncRepository(db, projectId, { github: client() }),
      syncRepository(db, projectId, { github: client() }),
    ]);
    const fulfilled = results.filter((result) => result.status === "fulfilled");
    const rejected = results.filter((result) => result.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    // Once it has finished, the same run cannot be carried out twice.
    const { runId } = (fulfilled[0] as PromiseFulfilledResult<{ runId: string }>).value;
    await expect(syncRepository(db, projectId, { github: client(), runId })).rejects.toBeInstanceOf(ConflictError);
  });

  it("sends the configured token", async () => {
    const { projectId } = await linkedProject();
    await syncRepository(db, projectId, {
      github: createGitHubClient({ baseUrl: fake.url, token: "ghp_test_token", retryBaseMs: 10 }),
    });
    expect(fake.requests.every((request) => request.authorization === "token ghp_test_token")).toBe(true);
  });
});
