import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { db } from "~/db.server";
import { addSubtask } from "~/models/subtask.server";
import { createTask } from "~/models/task.server";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/work/project-layout";
import { loader as taskLoader } from "~/routes/work/task-details/loader.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { routeContext, sessionCookie } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/**
 * No N+1 on the task page (DESIGN principle 8): the statements its loaders send (the site's layout
 * too) do not grow with the task's comments, history and review rounds, in any of its views.
 */
const VIEWS = ["", "?comments=1", "?history=all", "?history=all&historyPage=3", "?editTask=1"];

/** `n` comments, `n` history events and `n` review rounds on the task, written straight in (the models are tested elsewhere). */
async function fill(taskId: string, authorId: string, n: number) {
  await sql`insert into task_comments (task_id, author_id, content, created_at)
    select ${taskId}, ${authorId}, 'Comment ' || i, now() - (i || ' seconds')::interval
    from generate_series(1, ${n}) as i`.execute(db);
  await sql`insert into task_events (task_id, actor_id, kind, detail)
    select ${taskId}, ${authorId}, 'status', '{"from":"Todo","to":"InProgress"}'::jsonb
    from generate_series(1, ${n}) as i`.execute(db);
  await sql`insert into task_reviews (task_id, round, state, requested_by, claimed_by, decided_by, decided_at)
    select ${taskId}, i, 'changes_requested', ${authorId}, ${authorId}, ${authorId}, now()
    from generate_series(1, ${n}) as i`.execute(db);
}

async function taskPage(cookie: string, projectId: string, taskId: string, search: string) {
  const request = new Request(`http://localhost/work/projects/${projectId}/tasks/${taskId}${search}`, {
    headers: { Cookie: cookie },
  });
  // As the host runs a request: in its scope, each loader with its own copy of the Request.
  const args = () => ({ request: new Request(request), params: { projectId, taskId }, context: routeContext });
  const { result, queries } = await countQueries(() =>
    runInRequestScope(() => Promise.all([rootLoader(args()), layoutLoader(args()), taskLoader(args())])),
  );
  return { queries, data: result[2] };
}

describe("the task page's queries", () => {
  it("are as many for 120 comments and events as for 1,000, in every view", async () => {
    const admin = await createUser({ name: "Tia Tasks" });
    const member = await createUser({ name: "Mel Member" });
    const projectId = await createProject({ admin });
    await addMember(projectId, member);
    const cookie = await sessionCookie(member);
    const small = await createTask(admin, projectId, { title: "Quiet task", assigneeId: member.userId });
    const big = await createTask(admin, projectId, { title: "Busy task", assigneeId: member.userId });
    for (const task of [small, big]) await addSubtask(admin, task.taskId, { title: "A step" });
    // Enough for a third page of history at 50 a page: a page past the end costs a count of its own.
    await fill(small.taskId, member.userId, 120);
    await fill(big.taskId, member.userId, 1_000);

    const counts: Record<string, [number, number]> = {};
    for (const view of VIEWS) {
      const few = await taskPage(cookie, projectId, small.taskId, view);
      const many = await taskPage(cookie, projectId, big.taskId, view);
      counts[view || "(default)"] = [few.queries, many.queries];
      if (view === "") {
        // The page opens on the newest comments (a page of 50) and the latest 10 events.
        expect(many.data.comments.total).toBe(1_000);
        expect(many.data.comments.items).toHaveLength(50);
        expect(many.data.comments.page).toBe(20);
        expect(many.data.history.items).toHaveLength(10);
        expect(many.data.history.total).toBeGreaterThanOrEqual(1_000);
      }
      if (view === "?history=all&historyPage=3") expect(many.data.history.items).toHaveLength(50);
    }
    for (const [view, [few, many]] of Object.entries(counts)) {
      expect({ view, queries: many }).toEqual({ view, queries: few });
      expect(many).toBeLessThanOrEqual(8);
    }
    console.info("task page queries (120, 1000):", counts);
  });
});
