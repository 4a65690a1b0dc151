import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { demoId, seedDemoData } from "#db/seed";
import { db } from "~/db.server";
import { getInsights } from "~/insights/insights.server";
import { listMyProjects } from "~/models/my-projects.server";
import { getReviewInbox } from "~/models/review-inbox.server";
import { listTaskEvents } from "~/models/task-event.server";
import { getTaskReviews } from "~/models/task-review.server";
import { getTask } from "~/models/task.server";
import { REVIEW_REMIND_AFTER_DAYS } from "~/schemas/task-review";
import { startFromTemplate } from "~/models/project-lifecycle.server";
import { getUserById } from "~/models/user.server";
import { createUser } from "../fixtures/factories";

async function countOf(table: "projects" | "tasks" | "forum_posts" | "users" | "milestones") {
  const result = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(db);
  return result.rows[0].count;
}

describe("demo data", () => {
  it("seeds templates, open projects, people and activity, and seeding again changes nothing", async () => {
    const first = await seedDemoData(db);
    expect(first.seeded).toBe(true);
    const counts = {
      projects: await countOf("projects"),
      tasks: await countOf("tasks"),
      posts: await countOf("forum_posts"),
      users: await countOf("users"),
      milestones: await countOf("milestones"),
    };
    const kinds = await db
      .selectFrom("projects")
      .select(["kind", sql<number>`count(*)::int`.as("count")])
      .groupBy("kind")
      .execute();
    const byKind = Object.fromEntries(kinds.map((row) => [row.kind, row.count]));
    expect(byKind.template).toBeGreaterThanOrEqual(10);
    expect(byKind.project).toBeGreaterThanOrEqual(10);
    expect(counts.tasks).toBeGreaterThan(0);
    expect(counts.posts).toBeGreaterThan(0);
    expect(counts.milestones).toBeGreaterThan(0);

    const second = await seedDemoData(db);
    expect(second.seeded).toBe(false);
    expect(await countOf("projects")).toBe(counts.projects);
    expect(await countOf("tasks")).toBe(counts.tasks);
    expect(await countOf("users")).toBe(counts.users);
  });

  it("gives every demo template a plan that a project started from it begins with", async () => {
    await seedDemoData(db);
    const templates = await db
      .selectFrom("projects as p")
      .leftJoin("template_milestones as m", "m.template_id", "p.id")
      .leftJoin("template_tasks as t", "t.template_id", "p.id")
      .select([
        "p.id",
        sql<number>`count(distinct m.id)::int`.as("milestones"),
        sql<number>`count(distinct t.id)::int`.as("tasks"),
        sql<number>`count(distinct t.id) filter (where cardinality(t.subtasks) > 0)::int`.as("withSubtasks"),
      ])
      .where("p.kind", "=", "template")
      .groupBy("p.id")
      .execute();
    expect(templates.length).toBeGreaterThanOrEqual(10);
    for (const template of templates) {
      expect(template.milestones).toBeGreaterThanOrEqual(2);
      expect(template.tasks).toBeGreaterThan(template.milestones);
      expect(template.withSubtasks).toBe(template.tasks);
    }

    const template = await db
      .selectFrom("projects")
      .innerJoin("project_roles", "project_roles.project_id", "projects.id")
      .select(["projects.id", "project_roles.name"])
      .where("projects.kind", "=", "template")
      .executeTakeFirstOrThrow();
    const { newProjectId } = await startFromTemplate(await createUser(), template.id, { selectedRole: template.name });
    const copied = await db
      .selectFrom("tasks")
      .select([sql<number>`count(*)::int`.as("tasks"), sql<number>`count(assignee_id)::int`.as("assigned")])
      .where("project_id", "=", newProjectId)
      .executeTakeFirstOrThrow();
    const planned = templates.find((row) => row.id === template.id)!;
    expect(copied).toEqual({ tasks: planned.tasks, assigned: 0 });

    // A database seeded before templates carried plans gets them on the next seed.
    await db.deleteFrom("template_tasks").execute();
    await db.deleteFrom("template_milestones").execute();
    expect((await seedDemoData(db)).seeded).toBe(false);
    const restored = await db
      .selectFrom("template_tasks")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(restored.n).toBe(templates.reduce((sum, row) => sum + row.tasks, 0));
  });

  it("a demo admin's Smart Summary counts what their own pages show", async () => {
    await seedDemoData(db);
    // The demo mentor who runs a handful of projects and helps in many more (issue 33).
    const grace = (await getUserById(demoId("user:grace")))!;
    const [insights, cards] = await Promise.all([getInsights(grace), listMyProjects(grace.userId)]);
    const members = cards.filter((card) => card.joinRequest === null);
    const run = members.filter((card) => card.isAdmin);
    expect(run.length).toBeGreaterThan(0);
    expect(insights.activityMetrics).toMatchObject({
      totalProjects: members.length,
      ownedProjects: run.length,
      activeProjects: members.filter((card) => card.projectStatus === "InProgress").length,
    });
    // The projects she owns are hers: Project Founder is earned, so it is no "Next up" at 0%.
    expect(insights.achievements.find((entry) => entry.key === "project-founder")?.earned).toBe(true);
    expect(insights.overallSummary).not.toMatch(/Next up: [^\n]*\(0%\)/);
    // Seeded work is spread over the projects' lives, not done all in the week of seeding.
    const weeks = insights.activityOverTime.map((week) => week.tasksCompleted);
    expect(weeks.at(-1)!).toBeLessThan(insights.activityMetrics.completedTasks / 4);
  });

  it("shows mentor review: a mentor with reviews waiting, a learner with a task back, every step in order", async () => {
    await seedDemoData(db);
    const grace = (await getUserById(demoId("user:grace")))!;
    const amara = (await getUserById(demoId("user:amara")))!;
    const [graceInbox, amaraInbox] = await Promise.all([getReviewInbox(grace.userId), getReviewInbox(amara.userId)]);
    // Amara's request waits for her; the one she claimed; a reminded one nobody claimed yet.
    expect(graceInbox.waitingForYou.total).toBe(3);
    expect(graceInbox.waitingForYou.items.filter((item) => item.claimedByYou)).toHaveLength(1);
    expect(graceInbox.waitingForYou.items.map((item) => item.personName)).toContain("Amara Okafor");
    expect(graceInbox.backToYou.total).toBe(0);
    expect(amaraInbox.backToYou).toMatchObject({ total: 1, items: [{ personName: "Priya Raman" }] });
    expect(amaraInbox.waitingForYou.total).toBe(0);

    // Each round as the app would have left it: the assignee asked, a Mentor of the project
    // answered, after both had joined and after the task was made.
    const rounds = await sql<{
      task_id: string;
      state: string;
      requested_by: string;
      assignee_id: string;
      claimed_by: string | null;
      decided_by: string | null;
      reviewer_role: string | null;
      requested_at: Date;
      claimed_at: Date | null;
      decided_at: Date | null;
      reminded_at: Date | null;
      after: Date;
      status: string;
    }>`
      select v.task_id, v.state, v.requested_by, t.assignee_id, v.claimed_by, v.decided_by, rm.role_in_project as reviewer_role,
        v.requested_at, v.claimed_at, v.decided_at, v.reminded_at, t.status,
        greatest(t.created_at, am.joined_at, coalesce(rm.joined_at, am.joined_at)) as after
      from task_reviews v
      join tasks t on t.id = v.task_id
      join project_members am on am.project_id = t.project_id and am.user_id = v.requested_by
      left join project_members rm on rm.project_id = t.project_id and rm.user_id = v.claimed_by
    `.execute(db);
    expect(rounds.rows.map((row) => row.state).sort()).toEqual([
      "approved",
      "changes_requested",
      "claimed",
      "requested",
      "requested",
    ]);
    for (const row of rounds.rows) {
      expect(row.requested_by).toBe(row.assignee_id);
      expect(new Date(row.requested_at).getTime()).toBeGreaterThan(new Date(row.after).getTime());
      if (row.claimed_by) expect(row.reviewer_role).toBe("Mentor");
      if (row.decided_by) expect(row.decided_by).toBe(row.claimed_by);
      const times = [row.requested_at, row.claimed_at, row.decided_at]
        .filter(Boolean)
        .map((t) => new Date(t!).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Date(row.requested_at).getTime()).toBeLessThan(Date.now());
      expect(row.status).toBe(row.state === "approved" ? "Done" : "InProgress");
      if (row.reminded_at) {
        expect(row.state).toBe("requested");
        const waited = new Date(row.reminded_at).getTime() - new Date(row.requested_at).getTime();
        expect(waited).toBeGreaterThanOrEqual(REVIEW_REMIND_AFTER_DAYS * 86_400_000);
      }
    }

    // The task pages read it: the rounds, and a history with the reminder's line.
    const reminded = rounds.rows.find((row) => row.reminded_at)!;
    const history = (await listTaskEvents(grace, reminded.task_id, { page: 1, pageSize: 20 })).items;
    expect(history.map((event) => (event.actorName ? `${event.actorName} ${event.summary}` : event.summary))).toEqual([
      "Mentors were reminded of the review request, unclaimed for 2 days",
      "Samir Haddad requested a review",
      expect.stringMatching(/ assigned it to Samir Haddad$/),
      expect.stringMatching(/ created the task$/),
    ]);
    const changed = rounds.rows.find((row) => row.state === "changes_requested")!;
    expect((await getTaskReviews(amara, changed.task_id))[0]).toMatchObject({
      state: "changes_requested",
      decidedBy: { name: "Priya Raman" },
    });
    expect((await getTask(amara, changed.task_id)).assigneeId).toBe(amara.userId);

    // The Smart Summary counts the same rows.
    const [graceSummary, amaraSummary] = await Promise.all([getInsights(grace), getInsights(amara)]);
    expect(amaraSummary.taskCollaboration).toEqual({
      comments: 2,
      reviewsRequested: 3,
      reviewsApproved: 1,
      reviewsGiven: 0,
    });
    expect(amaraSummary.overallSummary).toContain(
      "On tasks you wrote *2 comments* and asked for *3 reviews* (*1 approved*).",
    );
    expect(graceSummary.taskCollaboration).toEqual({
      comments: 2,
      reviewsRequested: 0,
      reviewsApproved: 0,
      reviewsGiven: 1,
    });
  });
});
