import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { compiledOnce } from "#db/compiled-once";
import type { Database } from "#db/schema";

// Compiles as the app's PostgreSQL dialect does, with no database behind it.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const tasksOf = (projectId: string, ids: string[], since: Date) =>
  db
    .selectFrom("tasks as t")
    .select(["t.id", "t.title"])
    .where("t.project_id", "=", projectId)
    .where("t.status", "=", "Todo")
    .where(sql<boolean>`t.id = any(${ids}::uuid[])`)
    .where("t.created_at", ">=", since)
    .limit(5);

describe("compiledOnce", () => {
  it("runs the statement a fresh build would, with each call's values", () => {
    const compiled = compiledOnce((_, args: { projectId: string; ids: string[]; since: Date }) =>
      tasksOf(args.projectId, args.ids, args.since),
    );
    for (const [projectId, ids, since] of [
      ["p1", ["a", "b"], new Date(1)],
      ["p2", [], new Date(2)],
    ] as const) {
      const fresh = tasksOf(projectId, [...ids], since).compile();
      const once = compiled(db, { projectId, ids: [...ids], since });
      expect(once.sql).toBe(fresh.sql);
      expect(once.parameters).toEqual(fresh.parameters);
    }
  });

  it("refuses an argument that shapes the statement instead of being one bound value", () => {
    const shaped = compiledOnce((executor, args: { open: boolean }) =>
      executor
        .selectFrom("tasks")
        .select("id")
        .where("status", "=", args.open ? "Todo" : "Done"),
    );
    expect(() => shaped(db, { open: false })).toThrow(/"open" is not a bound value/);
  });
});
