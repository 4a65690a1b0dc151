import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { getInsights, prepareInsights, SYNC_FAILED } from "~/insights/insights.server";
import { createPost, createReply, likePost, likeReply } from "~/models/forum.server";
import { listMyProjects } from "~/models/my-projects.server";
import { addComment } from "~/models/task-comment.server";
import { claimReview, decideReview, releaseReview, requestReview } from "~/models/task-review.server";
import { createTask, setTaskStatus } from "~/models/task.server";
import type { CurrentUser } from "~/models/user.server";
import { callApi } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/** Every figure of the Smart Summary, tied to the rows each test makes. */

async function assignTasks(projectId: string, assignee: CurrentUser | null, count: number): Promise<string[]> {
  const rows = await db
    .insertInto("tasks")
    .values(
      Array.from({ length: count }, (_, index) => ({
        project_id: projectId,
        title: `Task ${index + 1}`,
        assignee_id: assignee?.userId ?? null,
      })),
    )
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

async function ownedProject(owner: CurrentUser, options: Parameters<typeof createProject>[0] = {}) {
  const projectId = await createProject({ ...options, admin: owner });
  await db.updateTable("projects").set({ created_by: owner.userId }).where("id", "=", projectId).execute();
  return projectId;
}

async function setGitHub(user: CurrentUser, url: string) {
  await db
    .insertInto("gainer_profiles")
    .values({
      user_id: user.userId,
      full_name: user.fullName,
      biography: "Learning by building.",
      current_position: "Student",
      education_status: "Self-Taught",
      years_of_experience: 1,
      areas_of_interest: ["Web Development"],
      github_url: url,
    })
    .execute();
}

describe("Smart Summary figures", () => {
  it("tasks are the ones assigned to the user: 3 assigned, 1 completed → 3, 1 and 33%", async () => {
    const user = await createUser({ name: "Tess Tasker" });
    const other = await createUser();
    const projectId = await ownedProject(user);
    await addMember(projectId, other);
    const mine = await assignTasks(projectId, user, 3);
    await assignTasks(projectId, null, 2); // template-like, unassigned
    await assignTasks(projectId, other, 1);
    await setTaskStatus(user, mine[0]!, { status: "Done" });
    await setTaskStatus(user, mine[1]!, { status: "InProgress" });

    const insights = await getInsights(user);
    expect(insights.activityMetrics).toMatchObject({ totalTasks: 3, completedTasks: 1, completionRate: 33 });
    expect(insights.completionTracker).toEqual({ tasksStarted: 2, tasksCompleted: 1, completionRatePercentage: 33 });
    expect(insights.kpis.completion).toMatchObject({ value: "33%", subtitle: "1 of 3 tasks completed" });
    expect(insights.overallSummary).toContain("You completed *1 of 3 tasks* assigned to you (*33%*).");
    expect(insights.overallSummary.split("\n")[0]).toBe("Hi *Tess*, here is your summary.");
    const thisWeek = insights.activityOverTime.at(-1)!;
    expect(insights.activityOverTime).toHaveLength(8);
    expect(thisWeek.tasksCompleted).toBe(1);
  });

  it("Total Projects counts memberships, Owned those the user created; active and completed by status", async () => {
    const user = await createUser();
    const someoneElse = await createUser();
    await ownedProject(user, { name: "Mine" });
    const joined = await ownedProject(someoneElse, { name: "Theirs" });
    await addMember(joined, user);
    const done = await createProject({ status: "Completed" });
    await addMember(done, user);
    await ownedProject(someoneElse); // not a member: not counted

    const { activityMetrics, projects } = await getInsights(user);
    expect(activityMetrics).toMatchObject({
      totalProjects: 3,
      ownedProjects: 1,
      activeProjects: 2,
      completedProjects: 1,
    });
    expect(projects).toHaveLength(3);
  });

  it("projects you run are the ones you created or administer; Founder counts only the ones you created", async () => {
    const user = await createUser();
    const founder = await createUser();
    await ownedProject(user, { name: "Started by me" });
    // Made admin of someone else's project: run by the user, not founded.
    const adminOf = await ownedProject(founder, { name: "Admin of" });
    await addMember(adminOf, user, { isAdmin: true, role: "Co-organiser" });
    const memberOf = await ownedProject(founder, { name: "Member of" });
    await addMember(memberOf, user);

    const insights = await getInsights(user);
    expect(insights.activityMetrics).toMatchObject({ totalProjects: 3, ownedProjects: 2 });
    expect(insights.kpis.projects).toMatchObject({
      value: "3",
      subtitle: "3 active; you run 2 (owner or admin)",
    });
    expect(insights.overallSummary).toContain(
      "You are a member of *3 projects*: you run 2 of them (as owner or admin), 3 are active and 0 completed.",
    );
    // The same two projects give the user admin actions on My Projects.
    const cards = await listMyProjects(user.userId);
    expect(
      cards
        .filter((card) => card.isAdmin)
        .map((card) => card.projectName)
        .sort(),
    ).toEqual(["Admin of", "Started by me"]);
    expect(insights.achievements.find((entry) => entry.key === "project-founder")).toMatchObject({ earned: true });

    // One project's summary names the person's place in it.
    const one = await getInsights(user, adminOf);
    expect(one.kpis.projects).toMatchObject({ value: "Admin", subtitle: "your role: Co-organiser" });
  });

  it("'Next up' names an achievement under way, never one at 0%", async () => {
    const user = await createUser();
    const founder = await createUser();
    const projectId = await ownedProject(founder);
    await addMember(projectId, user);
    const none = await getInsights(user);
    // Only First Project and Team Player (1 of 3) move with one membership; Team Player is next.
    expect(none.overallSummary).toContain("Next up: *Team Player* (33%).");
    await createPost(user, { projectId, content: "Hello" });
    await createPost(user, { projectId, content: "Hello again" });
    const withPosts = await getInsights(user);
    // Conversation Starter at 40% is closer than Team Player at 33%.
    expect(withPosts.overallSummary).toContain("Next up: *Conversation Starter* (40%).");
    const lonely = await createUser();
    expect((await getInsights(lonely)).overallSummary).not.toContain("Next up");
  });

  it("community: posts, replies, likes received (from others) and peers interacted", async () => {
    const user = await createUser();
    const peer = await createUser();
    const fan = await createUser();
    const stranger = await createUser();
    const projectId = await createProject({ admin: user });
    await addMember(projectId, peer);
    await addMember(projectId, fan);
    await addMember(projectId, stranger);
    const first = await createPost(user, { projectId, content: "Hello team" });
    await createPost(user, { projectId, content: "Second post" });
    await createReply(peer, { postId: first.postId, content: "Welcome!" });
    await likePost(peer, first.postId, { liked: true });
    await likePost(user, first.postId, { liked: true }); // own like: not received
    const theirs = await createPost(stranger, { projectId, content: "Unrelated post" });
    const reply = await createReply(user, { postId: theirs.postId, content: "Agreed" });
    await likeReply(fan, reply.replyId, { liked: true });

    const { communityCollaboration } = await getInsights(user);
    expect(communityCollaboration).toEqual({ posts: 2, replies: 1, likesReceived: 2, uniquePeersInteracted: 3 });
  });

  it("task collaboration: comments written, reviews asked for and approved, reviews given", async () => {
    const learner = await createUser({ name: "Lia Learner" });
    const mentor = await createUser({ name: "Mo Mentor" });
    const admin = await createUser({ name: "Ada Admin" });
    const alpha = await createProject({ admin, name: "Alpha" });
    const beta = await createProject({ admin, name: "Beta" });
    for (const projectId of [alpha, beta]) {
      await addMember(projectId, learner);
      await addMember(projectId, mentor, { role: "Mentor" });
    }
    const task = async (projectId: string, title: string) =>
      (await createTask(admin, projectId, { title, assigneeId: learner.userId })).taskId;
    const [one, two, three] = [await task(alpha, "One"), await task(alpha, "Two"), await task(beta, "Three")];
    await addComment(learner, one, { content: "Started on it" });
    await addComment(learner, three, { content: "Beta's first" });
    await addComment(mentor, one, { content: "Ping me when ready" });
    // One: changes asked, then approved (2 requested, 1 approved; 2 reviews given).
    await requestReview(learner, one, {});
    await claimReview(mentor, one);
    await decideReview(mentor, one, { decision: "changes", comment: "Add a test" });
    await requestReview(learner, one, {});
    await claimReview(mentor, one);
    await decideReview(mentor, one, { decision: "approve" });
    // Two: claimed, then released: still open, no review given.
    await requestReview(learner, two, {});
    await claimReview(mentor, two);
    await releaseReview(mentor, two);
    // Three (Beta): the admin marks it done over the open request; an override is no review.
    await requestReview(learner, three, {});
    await setTaskStatus(admin, three, { status: "Done", overrideReview: true });

    const mine = await getInsights(learner);
    expect(mine.taskCollaboration).toEqual({ comments: 2, reviewsRequested: 4, reviewsApproved: 1, reviewsGiven: 0 });
    expect(mine.overallSummary).toContain("On tasks you wrote *2 comments* and asked for *4 reviews* (*1 approved*).");
    const theirs = await getInsights(mentor);
    expect(theirs.taskCollaboration).toEqual({ comments: 1, reviewsRequested: 0, reviewsApproved: 0, reviewsGiven: 2 });
    expect(theirs.overallSummary).toContain("On tasks you wrote *1 comment* and gave *2 reviews* of others' work.");
    expect((await getInsights(admin)).taskCollaboration).toEqual({
      comments: 0,
      reviewsRequested: 0,
      reviewsApproved: 0,
      reviewsGiven: 0,
    });
    expect((await getInsights(admin)).overallSummary).not.toContain("On tasks you");
    // One project's summary counts that project's tasks only.
    expect((await getInsights(learner, beta)).taskCollaboration).toEqual({
      comments: 1,
      reviewsRequested: 1,
      reviewsApproved: 0,
      reviewsGiven: 0,
    });

    // The week's activity: this week's comments and reviews given, in the total and the trend.
    const thisWeek = (await getInsights(mentor)).activityOverTime.at(-1)!;
    expect(thisWeek).toMatchObject({ tasksCompleted: 0, taskComments: 1, reviewsGiven: 2, posts: 0, replies: 0 });
    expect(theirs.kpis.activity).toMatchObject({
      value: "3",
      subtitle: "tasks done, comments, reviews, posts and replies in 8 weeks",
    });
    // The learner's week: Three done (by the override) and two comments.
    expect(mine.activityOverTime.at(-1)).toMatchObject({ tasksCompleted: 1, taskComments: 2, reviewsGiven: 0 });
    expect(mine.kpis.activity?.value).toBe("3");
  });

  it("a review given last week counts in that week, not this one", async () => {
    const learner = await createUser();
    const mentor = await createUser();
    const projectId = await createProject({ admin: mentor });
    await addMember(projectId, learner);
    const { taskId } = await createTask(mentor, projectId, { title: "Old work", assigneeId: learner.userId });
    await requestReview(learner, taskId, {});
    await claimReview(mentor, taskId);
    await decideReview(mentor, taskId, { decision: "approve" });
    await addComment(mentor, taskId, { content: "Well done" });
    await db
      .updateTable("task_reviews")
      .set({ decided_at: new Date(Date.now() - 7 * 86_400_000) })
      .where("task_id", "=", taskId)
      .execute();
    const weeks = (await getInsights(mentor)).activityOverTime;
    expect(weeks.at(-1)).toMatchObject({ taskComments: 1, reviewsGiven: 0 });
    expect(weeks.at(-2)).toMatchObject({ taskComments: 0, reviewsGiven: 1 });
    expect((await getInsights(mentor)).kpis.activity).toMatchObject({
      value: "2",
      trend: { direction: "flat", label: "same as last week" },
    });
  });

  it("skills, technologies and GitHub figures come from the projects and the synced rows", async () => {
    const user = await createUser();
    await setGitHub(user, "https://github.com/Octo-Cat");
    const projectId = await createProject({ admin: user });
    await db
      .updateTable("projects")
      .set({ technologies: ["React", "Node.js"], programming_languages: ["TypeScript"] })
      .where("id", "=", projectId)
      .execute();
    await db
      .insertInto("repositories")
      .values({
        project_id: projectId,
        url: "https://github.com/acme/pantry",
        owner: "acme",
        name: "pantry",
        full_name: "acme/pantry",
        languages: ["TypeScript", "CSS"],
        fetched_at: new Date(),
      })
      .execute();
    await db
      .insertInto("contributions")
      .values([
        {
          project_id: projectId,
          username: "octo-cat",
          commits: 7,
          code_reviews: 2,
          lines_added: 1200,
          lines_deleted: 300,
        },
        {
          project_id: projectId,
          username: "someone",
          commits: 50,
          code_reviews: 9,
          lines_added: 9000,
          lines_deleted: 10,
        },
      ])
      .execute();
    await db
      .insertInto("pull_requests")
      .values(
        [1, 2, 3].map((number) => ({
          project_id: projectId,
          number,
          title: `PR ${number}`,
          state: "open" as const,
          author_login: number < 3 ? "Octo-Cat" : "someone",
          created_at: new Date(),
        })),
      )
      .execute();

    const insights = await getInsights(user);
    expect(insights.githubData).toMatchObject({
      needsSetup: false,
      username: "octo-cat",
      linkedRepos: [{ projectId, fullName: "acme/pantry" }],
      totalPullRequests: 2,
      totalCommits: 7,
      totalCodeReviews: 2,
    });
    expect(insights.collaborationIndex).toEqual({ pullRequests: 2, pushes: 7, collaborationRatioPercentage: 22 });
    expect(insights.refactoringRate).toEqual({ linesAdded: 1200, linesDeleted: 300, refactoringRatioPercentage: 20 });
    expect(insights.technologies).toEqual({
      totalLanguages: 2,
      totalTechnologies: 2,
      languages: ["CSS", "TypeScript"],
      technologies: ["Node.js", "React"],
    });
    expect(insights.skillDistribution).toEqual({ CSS: 25, "Node.js": 25, React: 25, TypeScript: 25 });
  });

  it("GitHub needs setup without a login on the profile, or without a synced repository", async () => {
    const user = await createUser();
    await createProject({ admin: user });
    expect((await getInsights(user)).githubData).toMatchObject({ needsSetup: true, username: null, totalCommits: 0 });
    await setGitHub(user, "https://github.com/lonely");
    expect((await getInsights(user)).githubData).toMatchObject({ needsSetup: true, username: "lonely" });
  });

  it("a project's summary counts only that project; a project of others is refused", async () => {
    const user = await createUser();
    const a = await createProject({ admin: user, name: "Alpha" });
    const b = await createProject({ admin: user, name: "Beta" });
    await assignTasks(a, user, 2);
    await assignTasks(b, user, 1);
    const outsiders = await createProject();
    const scoped = await getInsights(user, b);
    expect(scoped).toMatchObject({ projectId: b, projectName: "Beta" });
    expect(scoped.activityMetrics).toMatchObject({ totalTasks: 1, totalProjects: 1 });
    expect(scoped.overallSummary).toContain("here is your summary in *Beta*.");
    expect((await getInsights(user)).activityMetrics).toMatchObject({ totalTasks: 3, totalProjects: 2 });
    await expect(getInsights(user, outsiders)).rejects.toMatchObject({ status: 403 });
  });

  it("the summary's bold markers cannot be injected through names", async () => {
    const user = await createUser({ name: "*Evil* <b>Name</b>" });
    const { overallSummary } = await getInsights(user);
    expect(overallSummary.split("\n")[0]).toBe("Hi *Evil*, here is your summary.");
  });
});

describe("Show me summary", () => {
  it("marks the summary prepared; a sync that cannot be queued is the spec's error and prepares nothing", async () => {
    const user = await createUser();
    expect((await getInsights(user)).prepared).toBe(false);
    await prepareInsights(user); // no repository: nothing to sync
    expect((await getInsights(user)).prepared).toBe(true);

    const other = await createUser();
    const projectId = await createProject({ admin: other });
    await db
      .insertInto("repositories")
      .values({ project_id: projectId, url: "https://github.com/acme/x", owner: "acme", name: "x" })
      .execute();
    // This file starts no job queue, so queueing the sync fails.
    await expect(prepareInsights(other)).rejects.toMatchObject({ message: SYNC_FAILED, status: 502 });
    expect((await getInsights(other)).prepared).toBe(false);
    const runs = await db.selectFrom("sync_runs").select("id").where("project_id", "=", projectId).execute();
    expect(runs).toEqual([]);
  });
});

describe("Smart Summary API", () => {
  it("401 signed out, for both calls", async () => {
    const user = await createUser();
    expect((await callApi("/api/users/me/summary")).status).toBe(401);
    expect((await callApi(`/api/users/${user.userId}/dashboard?forceRefresh=true`)).status).toBe(401);
  });

  it("the caller's own data only: another user's dashboard is 403, a bad id 400", async () => {
    const user = await createUser();
    const other = await createUser();
    const response = await callApi(`/api/users/${other.userId}/dashboard`, { user });
    expect(response.status).toBe(403);
    expect((await callApi("/api/users/not-a-uuid/dashboard", { user })).status).toBe(400);
    expect((await callApi("/api/users/me/summary?projectId=nope", { user })).status).toBe(400);
    const theirProject = await createProject({ admin: other });
    expect((await callApi(`/api/users/me/summary?projectId=${theirProject}`, { user })).status).toBe(403);
  });

  it("GET me/summary answers the figures; dashboard?forceRefresh=true prepares the summary", async () => {
    const user = await createUser();
    const projectId = await createProject({ admin: user });
    const [taskId] = await assignTasks(projectId, user, 3);
    await setTaskStatus(user, taskId!, { status: "Done" });

    const summary = await callApi("/api/users/me/summary", { user });
    expect(summary.status).toBe(200);
    expect(summary.headers.get("Cache-Control")).toContain("no-store");
    const body = await summary.json();
    expect(body).toMatchObject({
      userId: user.userId,
      prepared: false,
      activityMetrics: { totalTasks: 3, completedTasks: 1, completionRate: 33, totalProjects: 1 },
    });
    expect(body.achievements.find((a: { key: string }) => a.key === "first-task")).toMatchObject({
      earned: true,
      progressPercentage: 100,
    });

    const dashboard = await callApi(`/api/users/${user.userId}/dashboard?forceRefresh=true`, { user });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.json()).toMatchObject({ prepared: true, activityMetrics: { totalTasks: 3 } });
  });
});
