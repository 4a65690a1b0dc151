import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seedDemoData } from "#db/seed";
import { db } from "~/db.server";

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
});
