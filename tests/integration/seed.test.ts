import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { demoId, seedDemoData } from "#db/seed";
import { db } from "~/db.server";
import { getInsights } from "~/insights/insights.server";
import { listMyProjects } from "~/models/my-projects.server";
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
});
