import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { checkHealth } from "~/services.server";

describe("database", () => {
  it("answers the health check", async () => {
    expect(await checkHealth()).toBe(true);
  });

  it("plans PostgreSQL statements without parallel workers or JIT, on every pooled connection", async () => {
    const settings = async () => {
      const { rows } = await sql<{ parallel: string; jit: string }>`
        select current_setting('max_parallel_workers_per_gather') as parallel, current_setting('jit') as jit
      `.execute(db);
      return rows[0]!;
    };
    // Several at once, so the pool opens more than one connection.
    const seen = await Promise.all(Array.from({ length: 4 }, settings));
    if (config.DATABASE_URL) expect(seen).toEqual(Array.from({ length: 4 }, () => ({ parallel: "0", jit: "off" })));
    else expect(seen).toHaveLength(4);
  });

  it("keeps open positions from going below zero", async () => {
    const project = await db
      .insertInto("projects")
      .values({ kind: "project", status: "InProgress", name: "Constraint check" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      db.insertInto("project_roles").values({ project_id: project.id, name: "Dev", open_positions: -1 }).execute(),
    ).rejects.toThrow(/check/i);
  });

  it("allows one pending join request per user and project", async () => {
    const user = await db
      .insertInto("users")
      .values({ external_id: "dup-check", email: "dup@example.org" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto("projects")
      .values({ kind: "project", status: "InProgress", name: "Dup check" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const request = { project_id: project.id, user_id: user.id, requested_role: "Dev" };
    await db.insertInto("join_requests").values(request).execute();
    await expect(db.insertInto("join_requests").values(request).execute()).rejects.toThrow(/unique|duplicate/i);
  });

  it("builds a weighted search document for projects", async () => {
    await db
      .insertInto("projects")
      .values({ kind: "template", name: "Animal shelter volunteers", description: "Walk dogs" })
      .execute();
    const found = await db
      .selectFrom("projects")
      .select("name")
      .where(sql<boolean>`search_document @@ websearch_to_tsquery('english', 'shelter')`)
      .execute();
    expect(found.map((row) => row.name)).toContain("Animal shelter volunteers");
  });
});
