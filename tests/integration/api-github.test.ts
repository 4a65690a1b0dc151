import { describe, expect, it } from "vitest";
import { repositoriesDueForSync, RESYNC_AFTER_MS } from "~/jobs/sync-repository.server";
import { linkRepository } from "~/models/project-lifecycle.server";
import * as contributionsRoute from "~/routes/api/github/contributions";
import * as repositoryRoute from "~/routes/api/github/repository";
import * as statsRoute from "~/routes/api/github/stats";
import * as syncRoute from "~/routes/api/github/sync";
import * as syncStatusRoute from "~/routes/api/github/sync-status";
import * as validateUrlRoute from "~/routes/api/github/validate-url";
import { apiRequest, routeContext as context } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";
import { fakeGitHubForThisFile } from "../fixtures/fake-github";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const fake = fakeGitHubForThisFile();

type Route = {
  action: (args: { request: Request; params: Record<string, string>; context: typeof context }) => unknown;
};

/** Each route's own address, so the request is what a client sends (the contract checks it). */
const ADDRESSES = new Map<Route, string>([
  [contributionsRoute, "contributions"],
  [repositoryRoute, "repository"],
  [statsRoute, "stats"],
  [syncRoute, "sync"],
  [syncStatusRoute, "sync-status"],
]);

async function call(
  route: Route,
  projectId: string,
  options: { method?: string; user?: Awaited<ReturnType<typeof createUser>>; body?: unknown } = {},
) {
  const request = await apiRequest(`/api/github/projects/${projectId}/${ADDRESSES.get(route)}`, options);
  const response = (await route.action({ request, params: { projectId }, context })) as Response;
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** The sync status once the queued sync has finished (the worker polls every 2 s). */
async function settledStatus(projectId: string, user: Awaited<ReturnType<typeof createUser>>) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const status = await call(syncStatusRoute, projectId, { user });
    if (status.body.status !== "running") return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The sync did not finish within 25 s.");
}

async function setup() {
  const admin = await createUser({ name: "Ada Admin" });
  const member = await createUser({ name: "Max Member" });
  const outsider = await createUser();
  const projectId = await createProject({ admin });
  await addMember(projectId, member);
  return { admin, member, outsider, projectId };
}

describe("GitHub API", () => {
  it("sync, then repository, stats, contributions and sync-status for members", async () => {
    const { admin, member, projectId } = await setup();
    fake.add({
      owner: "acme",
      name: "pantry",
      description: "Pantry tracker",
      stars: 5,
      languages: { TypeScript: 900, CSS: 100 },
      contributors: [
        { login: "alice", commits: 12 },
        { login: "bob", commits: 3 },
      ],
      pulls: [
        { number: 1, title: "First", state: "closed", merged: true, user: "alice" },
        { number: 2, title: "Second", state: "open", user: "bob" },
      ],
      reviews: { 1: [{ id: 11, user: "bob", state: "APPROVED" }] },
      stats: [{ login: "alice", additions: 1000, deletions: 10, commits: 12 }],
    });
    expect((await call(syncStatusRoute, projectId, { user: member })).body).toMatchObject({
      status: "idle",
      lastSyncedAt: null,
      error: null,
    });
    // Linking queues the first sync.
    await linkRepository(admin, projectId, { url: "https://github.com/acme/pantry" });
    const first = await settledStatus(projectId, member);
    expect(first.body).toMatchObject({ status: "completed", error: null });
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");

    const sync = await call(syncRoute, projectId, { method: "POST", user: member });
    expect(sync).toMatchObject({ status: 202, body: { status: "running" } });
    // A second request while it runs starts nothing new.
    expect((await call(syncRoute, projectId, { method: "POST", user: member })).body.startedAt).toBe(
      sync.body.startedAt,
    );
    const status = await settledStatus(projectId, member);
    expect(status.body).toMatchObject({ status: "completed", error: null });
    expect(Date.parse(status.body.lastSyncedAt)).toBeGreaterThan(Date.parse(first.body.lastSyncedAt));

    const repository = await call(repositoryRoute, projectId, { user: member });
    expect(repository).toMatchObject({
      status: 200,
      body: {
        fullName: "acme/pantry",
        description: "Pantry tracker",
        primaryLanguage: "TypeScript",
        languages: ["TypeScript", "CSS"],
        languageShares: [
          { name: "TypeScript", percentage: 90 },
          { name: "CSS", percentage: 10 },
        ],
        starsCount: 5,
        forksCount: 0,
        isPublic: true,
        url: "https://github.com/acme/pantry",
        openPullRequests: 1,
      },
    });

    const stats = await call(statsRoute, projectId, { user: member });
    expect(stats.body).toMatchObject({
      openPullRequests: 1,
      pullRequests: { open: 1, closed: 0, merged: 1, total: 2 },
      commits: 15,
      codeReviews: 1,
      contributors: 2,
      linesAdded: 1000,
    });

    const contributions = await call(contributionsRoute, projectId, { user: member });
    expect(contributions.body).toEqual([
      expect.objectContaining({ username: "alice", commits: 12, pullRequests: 1, codeReviews: 0, member: null }),
      expect.objectContaining({ username: "bob", commits: 3, pullRequests: 1, codeReviews: 1 }),
    ]);
  });

  it("refuses outsiders (403), anonymous callers (401), unknown (404) and malformed (400) ids, other methods (405)", async () => {
    const { outsider, member, projectId } = await setup();
    for (const route of [repositoryRoute, statsRoute, contributionsRoute, syncStatusRoute]) {
      expect((await call(route, projectId, { user: outsider })).status).toBe(403);
      expect((await call(route, projectId)).status).toBe(401);
      expect((await call(route, UNKNOWN, { user: member })).status).toBe(404);
      expect((await call(route, "not-a-uuid", { user: member })).status).toBe(400);
      const post = await call(route, projectId, { method: "POST", user: member });
      expect(post.status).toBe(405);
      expect(post.headers.get("Allow")).toBe("GET");
    }
    expect((await call(syncRoute, projectId, { method: "POST", user: outsider })).status).toBe(403);
    expect((await call(syncRoute, projectId, { method: "POST" })).status).toBe(401);
    const get = await call(syncRoute, projectId, { user: member });
    expect(get).toMatchObject({ status: 405 });
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("without a linked repository: repository and sync are 404, stats are zero, status idle", async () => {
    const { member, projectId } = await setup();
    expect(await call(repositoryRoute, projectId, { user: member })).toMatchObject({
      status: 404,
      body: { message: "No repository is linked to this project." },
    });
    expect((await call(syncRoute, projectId, { method: "POST", user: member })).status).toBe(404);
    expect((await call(statsRoute, projectId, { user: member })).body).toMatchObject({
      openPullRequests: 0,
      commits: 0,
      contributors: 0,
    });
    expect((await call(contributionsRoute, projectId, { user: member })).body).toEqual([]);
    expect((await call(syncStatusRoute, projectId, { user: member })).body.status).toBe("idle");
  });

  it("a repository GitHub does not show fails the sync with the spec's message", async () => {
    const { admin, member, projectId } = await setup();
    fake.add({ owner: "acme", name: "secret", private: true });
    await linkRepository(admin, projectId, { url: "https://github.com/acme/secret" });
    await settledStatus(projectId, member);
    expect((await call(syncRoute, projectId, { method: "POST", user: member })).status).toBe(202);
    const status = await settledStatus(projectId, member);
    expect(status.body).toMatchObject({
      status: "failed",
      error: "Repository not found. It may have been removed or made private.",
      lastSyncedAt: null,
    });
    expect(status.body.finishedAt).toBeTruthy();
  });

  it("matches contributors to members by the GitHub login on their profile", async () => {
    const { admin, member, projectId } = await setup();
    const { db } = await import("~/db.server");
    await db
      .insertInto("gainer_profiles")
      .values({
        user_id: member.userId,
        full_name: "Max Member",
        biography: "Hi",
        current_position: "Student",
        years_of_experience: 0,
        education_status: "Bootcamp",
        areas_of_interest: ["Web Development"],
        github_url: "https://github.com/MaxCodes",
      })
      .execute();
    fake.add({ owner: "acme", name: "matched", contributors: [{ login: "maxcodes", commits: 4 }] });
    await linkRepository(admin, projectId, { url: "https://github.com/acme/matched" });
    await settledStatus(projectId, admin);
    const contributions = await call(contributionsRoute, projectId, { user: admin });
    expect(contributions.body).toEqual([
      expect.objectContaining({
        username: "maxcodes",
        member: { userId: member.userId, fullName: "Max Member", roleInProject: "Developer" },
      }),
    ]);
  });

  it("resyncs active projects' repositories once their last sync is old, never pending ones", async () => {
    const { admin, projectId } = await setup();
    const pendingProjectId = await createProject({ admin, status: "Pending" });
    fake.add({ owner: "acme", name: "schedule" });
    await linkRepository(admin, projectId, { url: "https://github.com/acme/schedule" });
    await linkRepository(admin, pendingProjectId, { url: "https://github.com/acme/schedule" });
    await settledStatus(projectId, admin);
    await settledStatus(pendingProjectId, admin);

    expect(await repositoriesDueForSync()).not.toContain(projectId);
    const later = await repositoriesDueForSync(new Date(Date.now() + RESYNC_AFTER_MS + 60_000));
    expect(later).toContain(projectId);
    expect(later).not.toContain(pendingProjectId);
  });

  it("validate-url refuses anything that is not a GitHub repository address, with a message", async () => {
    const post = async (url: unknown) => {
      const request = await apiRequest("/api/github/validate-url", { method: "POST", body: { url } });
      const response = (await validateUrlRoute.action({ request, params: {}, context })) as Response;
      return response.json();
    };
    expect(await post("https://github.com/acme/pantry")).toEqual({ isValid: true, message: expect.any(String) });
    for (const bad of ["https://gitlab.com/acme/pantry", "https://github.com/acme", "javascript:alert(1)", ""]) {
      expect(await post(bad)).toMatchObject({ isValid: false, message: expect.stringMatching(/Please enter/) });
    }
  });
});
