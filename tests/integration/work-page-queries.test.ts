import { type Compilable, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countQueries, KEEP_PLAN_MARK } from "#db/connection";
import { db } from "~/db.server";
import { requireMemberAccess } from "~/models/membership.server";
import { taskGroupsStatements } from "~/models/task.server";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/work/project-layout";
import { loader as pageLoader } from "~/routes/work/project-page";
import { insertWorkProject } from "../../bench/generate-projects";
import { routeContext, sessionCookie } from "../fixtures/api";
import { createUser } from "../fixtures/factories";
import { runInRequestScope } from "~/utils/request-scope.server";

/**
 * No N+1 on the work page (DESIGN principle 8): the statements its loaders send (the site's layout,
 * the project's and the tab's, as one request runs them) do not grow with the project's tasks and
 * milestones. The signed-in user and the bell come in one statement, which the others reuse.
 */

const VIEWS = [
  "",
  "?scope=all",
  "?scope=all&group=Todo&page=2",
  "?tab=milestones",
  "?tab=tasks&dialog=add-task",
  "?tab=forum",
];

async function workPage(cookie: string, projectId: string, search: string) {
  const request = new Request(`http://localhost/work/projects/${projectId}${search}`, { headers: { Cookie: cookie } });
  // As the host runs a request: in its scope, each loader with its own copy of the Request (as Remix gives them).
  const args = () => ({ request: new Request(request), params: { projectId }, context: routeContext });
  const { result, queries } = await countQueries(() =>
    runInRequestScope(() => Promise.all([rootLoader(args()), layoutLoader(args()), pageLoader(args())])),
  );
  return { queries, data: result[2] };
}

describe("the work page's queries", () => {
  it("are as many for 3 tasks as for 300 tasks and 30 milestones, in every tab", async () => {
    const user = await createUser({ name: "Bea Busy" });
    const cookie = await sessionCookie(user);
    const small = await insertWorkProject(db, { userId: user.userId, tasks: 3, milestones: 1 });
    const big = await insertWorkProject(db, { userId: user.userId, tasks: 300, milestones: 30 });

    const counts: Record<string, [number, number]> = {};
    for (const view of VIEWS) {
      const few = await workPage(cookie, small, view);
      const many = await workPage(cookie, big, view);
      counts[view || "(default)"] = [few.queries, many.queries];
      if (view === "?scope=all") {
        const totals = (groups: { total: number }[]) => groups.reduce((sum, group) => sum + group.total, 0);
        expect(totals(many.data.taskGroups!)).toBe(300);
        expect(totals(few.data.taskGroups!)).toBe(3);
        // A big board shows each group's first cards, not all 300.
        expect(many.data.taskGroups!.every((group) => group.cards.length <= 20)).toBe(true);
      }
      if (view === "?tab=milestones") expect(many.data.milestones).toHaveLength(30);
    }
    for (const [view, [few, many]] of Object.entries(counts)) {
      expect({ view, queries: many }).toEqual({ view, queries: few });
      expect(many).toBeGreaterThan(0);
      expect(many).toBeLessThanOrEqual(9);
    }
    console.info("work page queries (small, big):", counts);
  });

  it("counts only its own work's statements, not those of concurrent requests", async () => {
    const outside = Promise.all([1, 2, 3].map(() => db.selectFrom("users").select("id").limit(1).execute()));
    const { queries } = await countQueries(async () => {
      await db.selectFrom("users").select("id").limit(1).execute();
      await db.selectFrom("projects").select("id").limit(1).execute();
    });
    await outside;
    expect(queries).toBe(2);
  });

  it("read a board's tasks once with the plan the database keeps, however many there are", async () => {
    const user = await createUser({ name: "Gus Generic" });
    const projectId = await insertWorkProject(db, { userId: user.userId, tasks: 300, milestones: 3 });
    const access = await requireMemberAccess(db, user, projectId);
    const statements = taskGroupsStatements(access, { scope: "all", perGroup: 20 });
    for (const statement of [statements.cards, statements.counts]) {
      expect(statement.compile().sql.endsWith(KEEP_PLAN_MARK)).toBe(true);
      const loops = await tasksScanLoops(statement);
      expect(loops).toEqual(expect.arrayContaining([1]));
      expect(Math.max(...loops)).toBe(1);
    }
    const search = taskGroupsStatements(access, { scope: "all", perGroup: 20, filters: { q: "task" } });
    expect(search.cards.compile().sql.endsWith(KEEP_PLAN_MARK)).toBe(false);
  });
});

/**
 * How many times each scan of the tasks table runs in `statement`'s generic plan (the one a kept
 * plan is), measured on the database: a plan that reruns a scan for each task shows here.
 */
async function tasksScanLoops(statement: Compilable<unknown>): Promise<number[]> {
  const { sql: text, parameters } = statement.compile();
  const literal = (value: unknown) =>
    typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  return db.connection().execute(async (connection) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
    await sql.raw(`prepare groups_probe as ${text}`).execute(connection);
    try {
      const { rows } = await sql
        .raw<{ "QUERY PLAN": PlanNode[] }>(
          `explain (analyze, format json) execute groups_probe(${parameters.map(literal).join(", ")})`,
        )
        .execute(connection);
      const loops: number[] = [];
      const walk = (node: PlanNode) => {
        if (node["Relation Name"] === "tasks") loops.push(node["Actual Loops"]);
        node.Plans?.forEach(walk);
      };
      walk(rows[0]!["QUERY PLAN"][0]!.Plan);
      return loops;
    } finally {
      await sql`deallocate groups_probe`.execute(connection);
      await sql`reset plan_cache_mode`.execute(connection);
    }
  });
}

interface PlanNode {
  "Relation Name"?: string;
  "Actual Loops": number;
  Plans?: PlanNode[];
  Plan: PlanNode;
}
