import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { ACHIEVEMENTS, awardAchievements, listAchievements } from "~/models/achievement.server";
import { getInsights, prepareInsights } from "~/insights/insights.server";
import { createPost, likePost } from "~/models/forum.server";
import { createJoinRequest, decideJoinRequest } from "~/models/join-request.server";
import { getProfile } from "~/models/profile-view.server";
import { linkRepository } from "~/models/project-lifecycle.server";
import { setTaskStatus } from "~/models/task.server";
import type { CurrentUser } from "~/models/user.server";
import { addMember, createProject, createUser } from "../fixtures/factories";
import { fakeGitHubForThisFile } from "../fixtures/fake-github";

/** Achievements are awarded by the events themselves, in their transaction, with a notification. */

const fake = fakeGitHubForThisFile();

async function earnedKeys(user: CurrentUser): Promise<string[]> {
  const rows = await db
    .selectFrom("user_achievements as ua")
    .innerJoin("achievements as a", "a.id", "ua.achievement_id")
    .select("a.key")
    .where("ua.user_id", "=", user.userId)
    .where("ua.earned_at", "is not", null)
    .orderBy("a.key")
    .execute();
  return rows.map((row) => row.key);
}

async function achievementNotifications(user: CurrentUser) {
  return db
    .selectFrom("notifications")
    .select(["title", "message", "link", "data"])
    .where("user_id", "=", user.userId)
    .where("event_name", "=", "achievementEarned")
    .orderBy("seq")
    .execute();
}

describe("achievements catalogue", () => {
  it("has at least 12, each a row of the achievements table with the same goal", async () => {
    expect(ACHIEVEMENTS.length).toBeGreaterThanOrEqual(12);
    const rows = await db.selectFrom("achievements").select(["key", "goal"]).execute();
    for (const entry of ACHIEVEMENTS) expect(rows).toContainEqual({ key: entry.key, goal: entry.goal });
    expect(new Set(ACHIEVEMENTS.map((entry) => entry.key)).size).toBe(ACHIEVEMENTS.length);
  });
});

describe("telling", () => {
  it("several achievements earned by one event are one notification", async () => {
    const user = await createUser();
    const projectId = await createProject({ admin: user });
    await db
      .insertInto("tasks")
      .values({ project_id: projectId, title: "Done", assignee_id: user.userId, status: "Done" })
      .execute();
    // One event (a first post) finds three goals reached: membership, a done task, the post.
    await createPost(user, { projectId, content: "Hello team" });
    expect(await earnedKeys(user)).toEqual(["first-post", "first-project", "first-task"]);
    expect(await achievementNotifications(user)).toEqual([
      {
        title: "Achievements earned",
        message: 'You earned 3 achievements: "First Project", "First Task Done" and "First Post".',
        link: "/ai-insight",
        data: {
          achievementKeys: ["first-project", "first-task", "first-post"],
          titles: ["First Project", "First Task Done", "First Post"],
        },
      },
    ]);
  });

  it("a first evaluation records past activity silently; only what comes after is news", async () => {
    // Someone whose activity predates their achievements (like the demo people): never evaluated.
    const veteran = await createUser();
    await db.deleteFrom("user_achievements").where("user_id", "=", veteran.userId).execute();
    const projectIds = [await createProject({ admin: veteran }), await createProject(), await createProject()];
    for (const projectId of projectIds.slice(1)) await addMember(projectId, veteran);
    await db
      .insertInto("forum_posts")
      .values([1, 2, 3, 4].map((n) => ({ project_id: projectIds[0]!, author_id: veteran.userId, content: `Old ${n}` })))
      .execute();

    // Their first action as an admin: a decision on a join request (told to them, the request).
    const requester = await createUser();
    const request = await createJoinRequest(requester, projectIds[0]!, { requestedRole: "Developer" });
    const unreadBefore = await unread(veteran);
    await decideJoinRequest(veteran, projectIds[0]!, request.joinRequestId, { isApproved: true });
    expect(await earnedKeys(veteran)).toEqual(
      expect.arrayContaining(["first-decision", "first-post", "first-project", "team-player"]),
    );
    expect(await achievementNotifications(veteran)).toEqual([]);
    expect(await unread(veteran)).toBe(unreadBefore);

    // The fifth post is new: told, once.
    await createPost(veteran, { projectId: projectIds[0]!, content: "Fifth" });
    expect((await achievementNotifications(veteran)).map((n) => n.message)).toEqual([
      'You earned "Conversation Starter": Write five forum posts.',
    ]);
  });

  it("a new person starts evaluated: their first steps are news", async () => {
    const newcomer = await createUser();
    const rows = await db
      .selectFrom("user_achievements")
      .select(["earned_at"])
      .where("user_id", "=", newcomer.userId)
      .execute();
    expect(rows).toHaveLength(ACHIEVEMENTS.length);
    expect(rows.every((row) => row.earned_at === null)).toBe(true);
    const projectId = await createProject();
    await addMember(projectId, newcomer);
    await createPost(newcomer, { projectId, content: "Hi" });
    expect((await achievementNotifications(newcomer)).map((n) => n.title)).toEqual(["Achievements earned"]);
  });
});

async function unread(user: CurrentUser): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select(db.fn.countAll<number>().as("n"))
    .where("user_id", "=", user.userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("awarding", () => {
  it("completing an assigned task earns 'First Task Done' and tells the person, once", async () => {
    const user = await createUser();
    const projectId = await createProject({ admin: user });
    await awardAchievements(db, user.userId); // as starting a project does: "First Project"
    const tasks = await db
      .insertInto("tasks")
      .values([1, 2].map((n) => ({ project_id: projectId, title: `T${n}`, assignee_id: user.userId })))
      .returning("id")
      .execute();
    expect(await earnedKeys(user)).toEqual(["first-project"]);
    await setTaskStatus(user, tasks[0]!.id, { status: "Done" });
    expect(await earnedKeys(user)).toContain("first-task");
    await setTaskStatus(user, tasks[1]!.id, { status: "Done" });
    const notifications = await achievementNotifications(user);
    expect(notifications.filter((n) => (n.data as { achievementKey: string }).achievementKey === "first-task")).toEqual(
      [
        {
          title: "Achievement earned",
          message: 'You earned "First Task Done": Complete a task assigned to you.',
          link: "/ai-insight",
          data: { achievementKey: "first-task", title: "First Task Done" },
        },
      ],
    );
    const taskFinisher = (await listAchievements(db, user.userId)).find((a) => a.key === "task-finisher");
    expect(taskFinisher).toMatchObject({ earned: false, progressPercentage: 20 });
  });

  it("nothing is kept when the event's transaction rolls back", async () => {
    const user = await createUser();
    const projectId = await createProject();
    await addMember(projectId, user);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await awardAchievements(trx, user.userId)).toEqual(["first-project"]);
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await earnedKeys(user)).toEqual([]);
    expect(await achievementNotifications(user)).toEqual([]);
  });

  it("a first post earns 'First Post'; likes from others earn 'Appreciated' and, at ten, 'Crowd Favourite'", async () => {
    const author = await createUser();
    const projectId = await createProject({ admin: author });
    await awardAchievements(db, author.userId); // as starting a project does: "First Project"
    const post = await createPost(author, { projectId, content: "Hello" });
    expect(await earnedKeys(author)).toEqual(expect.arrayContaining(["first-post"]));
    await likePost(author, post.postId, { liked: true });
    expect(await earnedKeys(author)).not.toContain("first-like");
    for (let index = 0; index < 10; index++) {
      const fan = await createUser();
      await addMember(projectId, fan);
      await likePost(fan, post.postId, { liked: true });
      if (index === 0) expect(await earnedKeys(author)).toContain("first-like");
      if (index === 8) expect(await earnedKeys(author)).not.toContain("ten-likes");
    }
    expect(await earnedKeys(author)).toContain("ten-likes");
    const titles = (await achievementNotifications(author)).map((n) => (n.data as { title: string }).title);
    expect(titles).toEqual(expect.arrayContaining(["First Post", "Appreciated", "Crowd Favourite"]));
  });

  it("an approved join request earns the requester 'First Project' and the admin 'Gatekeeper'", async () => {
    const admin = await createUser();
    const requester = await createUser();
    const projectId = await createProject({ admin, roles: { Designer: 1 } });
    const request = await createJoinRequest(requester, projectId, { requestedRole: "Designer" });
    await decideJoinRequest(admin, projectId, request.joinRequestId, { isApproved: true });
    expect(await earnedKeys(requester)).toEqual(["first-project"]);
    expect(await earnedKeys(admin)).toEqual(expect.arrayContaining(["first-decision"]));
    const profile = await getProfile(requester.userId, { viewer: null });
    expect(profile.achievements).toHaveLength(ACHIEVEMENTS.length);
    expect(profile.achievements.find((a) => a.title === "First Project")).toMatchObject({ locked: false });
    expect(profile.achievements.find((a) => a.title === "Team Player")).toMatchObject({
      locked: true,
      progressPercentage: 33,
    });
  });

  it("linking a repository earns 'Connected'; its synced commits and reviews earn the member theirs", async () => {
    const admin = await createUser();
    const dev = await createUser();
    await db
      .insertInto("gainer_profiles")
      .values({
        user_id: dev.userId,
        full_name: dev.fullName,
        biography: "Dev",
        current_position: "Student",
        education_status: "Self-Taught",
        years_of_experience: 1,
        areas_of_interest: ["DevOps"],
        github_url: "https://github.com/devon",
      })
      .execute();
    const projectId = await createProject({ admin });
    await addMember(projectId, dev);
    fake.add({
      owner: "insights",
      name: "garden",
      languages: { TypeScript: 100 },
      contributors: [{ login: "devon", commits: 4 }],
      pulls: [{ number: 1, title: "Beds", state: "open", user: "devon" }],
      reviews: { 1: [{ id: 1, user: "devon", state: "COMMENTED" }] },
      stats: [{ login: "devon", additions: 1500, deletions: 20, commits: 4 }],
    });
    await linkRepository(admin, projectId, { url: "https://github.com/insights/garden" });
    expect(await earnedKeys(admin)).toEqual(expect.arrayContaining(["first-repository"]));

    // 'Show me summary' queues the member's repositories for a sync, then the figures are live.
    await prepareInsights(dev);
    for (let attempt = 0; attempt < 100; attempt++) {
      const run = await db
        .selectFrom("sync_runs")
        .select("status")
        .where("project_id", "=", projectId)
        .orderBy("started_at", "desc")
        .executeTakeFirst();
      if (run?.status !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await earnedKeys(dev)).toEqual(expect.arrayContaining(["first-commit", "first-review", "first-project"]));
    const insights = await getInsights(dev);
    expect(insights.prepared).toBe(true);
    expect(insights.githubData).toMatchObject({
      needsSetup: false,
      username: "devon",
      totalCommits: 4,
      totalPullRequests: 1,
      totalCodeReviews: 1,
    });
    expect(insights.refactoringRate).toMatchObject({ linesAdded: 1500, linesDeleted: 20 });
    expect(insights.achievements.find((a) => a.key === "first-commit")).toMatchObject({ earned: true });
  });
});
