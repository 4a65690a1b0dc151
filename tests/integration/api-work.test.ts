import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import { projectTeam } from "../fixtures/project-team";
import { callApi } from "../fixtures/api";

/** The work area's JSON API (spec section 7, Tasks and milestones), called through app/routes.ts. */

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const api = (method: string, path: string, user?: CurrentUser, body?: unknown) => callApi(path, { method, user, body });

async function json(response: Promise<Response>) {
  const answer = await response;
  return { status: answer.status, body: answer.status === 204 ? null : await answer.json(), headers: answer.headers };
}

async function rows(projectId: string) {
  const count = (table: "tasks" | "milestones") =>
    db
      .selectFrom(table)
      .select(db.fn.countAll<string>().as("n"))
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const subtasks = await db
    .selectFrom("subtasks as s")
    .innerJoin("tasks as t", "t.id", "s.task_id")
    .select(db.fn.countAll<string>().as("n"))
    .where("t.project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  return { tasks: await count("tasks"), subtasks: Number(subtasks.n), milestones: await count("milestones") };
}

describe("tasks API", () => {
  it("create: 401, 403 writing nothing, 400 by field, 404; members get 201 with the spec's fields", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const create = (user: CurrentUser | undefined, body: unknown, id = projectId) =>
      json(api("POST", `/api/projects/${id}/tasks`, user, body));

    const anonymous = await create(undefined, { title: "Hi" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    const refused = await create(outsider, { title: "Sneaky" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("members");
    expect((await create(member, { title: "X" }, "not-a-uuid")).status).toBe(400);
    expect((await create(member, { title: "X" }, UNKNOWN)).status).toBe(404);
    const empty = await create(member, { title: "   " });
    expect(empty).toMatchObject({ status: 400, body: { errors: { title: ["Title is required"] } } });
    expect((await create(member, null)).status).toBe(400);
    expect((await create(member, { title: "X", priority: "Urgent" })).body.errors.priority).toHaveLength(1);
    expect((await create(member, { title: "X", dueAtUtc: "tomorrow" })).status).toBe(400);
    expect((await create(member, { title: "X", assigneeId: outsider.userId })).body.errors).toEqual({
      assigneeId: ["Choose a member of this project."],
    });
    expect(await rows(projectId)).toEqual({ tasks: 0, subtasks: 0, milestones: 0 });

    const milestone = await json(
      api("POST", "/api/milestones", admin, { projectId, title: "Beta", targetDateUtc: inDays(20) }),
    );
    const created = await create(member, {
      title: "  Write the README  ",
      description: "<script>alert(1)</script>",
      priority: "High",
      type: "Documentation",
      dueAtUtc: "2030-05-01T12:00:00Z",
      milestoneId: milestone.body.milestoneId,
      assigneeId: member.userId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      taskId: expect.any(String),
      projectId,
      title: "Write the README",
      description: "<script>alert(1)</script>",
      status: "Todo",
      priority: "High",
      type: "Documentation",
      dueAtUtc: "2030-05-01T12:00:00.000Z",
      milestoneTitle: "Beta",
      subtaskCount: 0,
      completedSubtaskCount: 0,
    });
    const defaults = await create(admin, { title: "Plain" });
    expect(defaults.body).toMatchObject({ priority: "Medium", type: "Feature", dueAtUtc: null, milestoneTitle: null });
    expect(await rows(projectId)).toEqual({ tasks: 2, subtasks: 0, milestones: 1 });

    const method = await api("GET", `/api/projects/${projectId}/tasks`, member);
    expect(method.status).toBe(405);
    expect(method.headers.get("Allow")).toBe("POST");
  });

  it("my-tasks and board: the caller's open tasks, or all of them, paged; same matrix", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const create = (user: CurrentUser, body: object) =>
      json(api("POST", `/api/projects/${projectId}/tasks`, user, body)).then((answer) => answer.body);
    const first = await create(member, { title: "First", assigneeId: member.userId, priority: "Low" });
    const second = await create(member, { title: "Second", assigneeId: member.userId, priority: "Critical" });
    const done = await create(admin, { title: "Done one", assigneeId: member.userId });
    await create(admin, { title: "Admin's", assigneeId: admin.userId });
    await create(admin, { title: "Nobody's" });
    expect((await json(api("PUT", `/api/tasks/${done.taskId}`, member, { status: "Done" }))).status).toBe(200);

    const list = (kind: string, user: CurrentUser | undefined, search = "", id = projectId) =>
      json(api("GET", `/api/projects/${id}/tasks/${kind}${search}`, user));
    for (const kind of ["my-tasks", "board"]) {
      expect((await list(kind, undefined)).status).toBe(401);
      expect((await list(kind, outsider)).status).toBe(403);
      expect((await list(kind, member, "", "x")).status).toBe(400);
      expect((await list(kind, member, "", UNKNOWN)).status).toBe(404);
      expect((await list(kind, member, "?includeCompleted=maybe")).status).toBe(400);
      expect((await list(kind, member, "?sortBy=Title")).status).toBe(400);
      expect((await list(kind, member, "?pageSize=501")).status).toBe(400);
      expect((await list(kind, member, "?status=Finished")).status).toBe(400);
    }

    const mine = await list("my-tasks", member, "?includeCompleted=false&sortBy=CreatedAtUtc");
    expect(mine.status).toBe(200);
    expect(mine.body.map((t: { title: string }) => t.title)).toEqual(["Second", "First"]);
    expect(mine.headers.get("X-Total-Count")).toBe("2");
    expect(mine.body[0]).toMatchObject({ taskId: second.taskId, projectId, status: "Todo", subtaskCount: 0 });
    const byPriority = await list("my-tasks", member, "?includeCompleted=true&sortBy=Priority");
    expect(byPriority.body.map((t: { taskId: string }) => t.taskId)).toEqual([
      second.taskId,
      done.taskId,
      first.taskId,
    ]);

    const board = await list("board", admin, "?includeCompleted=true");
    expect(board.headers.get("X-Total-Count")).toBe("5");
    expect(board.body).toHaveLength(5);
    expect((await list("board", admin, "?includeCompleted=false")).body).toHaveLength(4);
    expect((await list("board", admin, "?status=Done")).body.map((t: { title: string }) => t.title)).toEqual([
      "Done one",
    ]);
    const paged = await list("board", admin, "?sort=createdAt&page=2&pageSize=2");
    expect(paged.body.map((t: { title: string }) => t.title)).toEqual(["Done one", "Second"]);
    expect(paged.headers.get("Link")).toContain('rel="next"');
  });

  it("one task: GET with subtasks, PUT fields and status, DELETE; members of its project only", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const task = (await json(api("POST", `/api/projects/${projectId}/tasks`, member, { title: "Mine" }))).body;
    const one = (method: string, user: CurrentUser | undefined, body?: unknown, id = task.taskId as string) =>
      json(api(method, `/api/tasks/${id}`, user, body));

    expect((await one("GET", undefined)).status).toBe(401);
    expect((await one("GET", outsider)).status).toBe(403);
    expect((await one("GET", member, undefined, UNKNOWN)).status).toBe(404);
    expect((await one("GET", member, undefined, "12")).status).toBe(400);
    expect((await one("GET", admin)).body).toMatchObject({ taskId: task.taskId, title: "Mine", subtasks: [] });

    expect((await one("PUT", undefined, { title: "x" })).status).toBe(401);
    expect((await one("PUT", outsider, { status: "Done" })).status).toBe(403);
    expect((await one("PUT", member, { title: "" })).body.errors.title).toEqual(["Title is required"]);
    expect((await one("PUT", member, { status: "Finished" })).status).toBe(400);
    expect((await one("PUT", member, { taskId: UNKNOWN })).status).toBe(400);
    expect((await one("PUT", member, { assigneeId: outsider.userId })).status).toBe(400);
    expect((await one("GET", member)).body).toMatchObject({ title: "Mine", status: "Todo" });

    const updated = await one("PUT", member, {
      title: "Renamed",
      status: "Blocked",
      priority: "Critical",
      dueAtUtc: "2031-01-02",
      assigneeId: admin.userId,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: "Renamed",
      status: "Blocked",
      priority: "Critical",
      dueAtUtc: "2031-01-02T00:00:00.000Z",
      assigneeName: "Ada Admin",
    });
    expect((await one("PUT", admin, { dueAtUtc: null, assigneeId: null })).body).toMatchObject({
      dueAtUtc: null,
      assigneeId: null,
      title: "Renamed",
    });

    expect((await one("DELETE", undefined)).status).toBe(401);
    expect((await one("DELETE", outsider)).status).toBe(403);
    expect(await rows(projectId)).toMatchObject({ tasks: 1 });
    expect((await one("DELETE", member)).status).toBe(204);
    expect((await one("DELETE", member)).status).toBe(404);
    expect(await rows(projectId)).toMatchObject({ tasks: 0 });
    const patch = await one("PATCH", member);
    expect(patch.status).toBe(405);
    expect(patch.headers.get("Allow")).toBe("GET, PUT, DELETE");
  });

  it("subtasks: add at max + 1, rename, toggle, delete; the matrix; another task's subtask is 404", async () => {
    const { member, outsider, projectId } = await projectTeam();
    const task = (await json(api("POST", `/api/projects/${projectId}/tasks`, member, { title: "Checklist" }))).body;
    const add = (user: CurrentUser | undefined, body: unknown, id = task.taskId as string) =>
      json(api("POST", `/api/tasks/${id}/subtasks`, user, body));

    expect((await add(undefined, { title: "a" })).status).toBe(401);
    expect((await add(outsider, { title: "a" })).status).toBe(403);
    expect((await add(member, { title: "a" }, UNKNOWN)).status).toBe(404);
    expect((await add(member, { title: "a" }, "nope")).status).toBe(400);
    expect((await add(member, { title: "  " })).body.errors.title).toEqual(["Subtask title is required"]);
    expect(await rows(projectId)).toMatchObject({ subtasks: 0 });

    const one = await add(member, { title: "  one ", description: "first", orderIndex: 42 });
    expect(one).toMatchObject({
      status: 201,
      body: { subtaskId: expect.any(String), title: "one", description: "first", isDone: false, orderIndex: 1 },
    });
    const two = (await add(member, { title: "two" })).body;
    expect(two.orderIndex).toBe(2);
    const sub = one.body.subtaskId as string;
    const path = (id = sub, taskId = task.taskId as string) => `/api/tasks/${taskId}/subtasks/${id}`;

    expect((await json(api("PUT", path(), outsider, { title: "x" }))).status).toBe(403);
    expect((await json(api("PUT", path(), member, { title: " " }))).status).toBe(400);
    expect((await json(api("PUT", path(UNKNOWN), member, { title: "x" }))).status).toBe(404);
    expect((await json(api("PUT", path(), member, { title: " uno " }))).body).toMatchObject({ title: "uno" });

    const toggle = (user: CurrentUser | undefined, body?: unknown, id = sub) =>
      json(api("PUT", `${path(id)}/toggle`, user, body));
    expect((await toggle(undefined)).status).toBe(401);
    expect((await toggle(outsider)).status).toBe(403);
    expect((await toggle(member, { isDone: "yes" })).status).toBe(400);
    expect((await toggle(member)).body).toMatchObject({ subtaskId: sub, isDone: true });
    expect((await toggle(member, { isDone: true })).body.isDone).toBe(true);
    const detail = (await json(api("GET", `/api/tasks/${task.taskId}`, member))).body;
    expect(detail.subtasks.map((s: { title: string }) => s.title)).toEqual(["two", "uno"]);
    expect([detail.subtaskCount, detail.completedSubtaskCount]).toEqual([2, 1]);

    const other = (await json(api("POST", `/api/projects/${projectId}/tasks`, member, { title: "Other" }))).body;
    expect((await json(api("DELETE", path(sub, other.taskId), member))).status).toBe(404);
    expect((await json(api("DELETE", path(), outsider))).status).toBe(403);
    expect((await json(api("DELETE", path(), member))).status).toBe(204);
    expect((await json(api("DELETE", path(), member))).status).toBe(404);
    expect(await rows(projectId)).toMatchObject({ subtasks: 1 });
    expect((await api("GET", `${path(two.subtaskId)}/toggle`, member)).headers.get("Allow")).toBe("PUT");
  });
});

describe("milestones API", () => {
  it("list and create: 401, 403, 404, 400 with the form's messages; 201 Planned at the end", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const list = (user: CurrentUser | undefined, search: string) => json(api("GET", `/api/milestones${search}`, user));
    expect((await list(undefined, `?projectId=${projectId}`)).status).toBe(401);
    expect((await list(outsider, `?projectId=${projectId}`)).status).toBe(403);
    expect((await list(member, `?projectId=${UNKNOWN}`)).status).toBe(404);
    expect((await list(member, "?projectId=12")).status).toBe(400);
    expect((await list(member, "")).body.errors).toEqual({ projectId: ["projectId is required."] });
    expect((await list(member, `?projectId=${projectId}`)).body).toEqual([]);

    const create = (user: CurrentUser | undefined, body: unknown, search = "") =>
      json(api("POST", `/api/milestones${search}`, user, body));
    expect((await create(undefined, { projectId, title: "M", targetDateUtc: inDays(5) })).status).toBe(401);
    expect((await create(outsider, { projectId, title: "M", targetDateUtc: inDays(5) })).status).toBe(403);
    expect((await create(member, { projectId: UNKNOWN, title: "M", targetDateUtc: inDays(5) })).status).toBe(404);
    expect((await create(member, { title: "M", targetDateUtc: inDays(5) })).status).toBe(400);
    expect((await create(member, { projectId, title: "", targetDateUtc: "" })).body.errors).toEqual({
      title: ["Title is required"],
      targetDateUtc: ["Target date is required"],
    });
    expect((await create(member, { projectId, title: "Past", targetDateUtc: inDays(-2) })).body.errors).toEqual({
      targetDateUtc: ["Target date must be in the future"],
    });
    expect(await rows(projectId)).toMatchObject({ milestones: 0 });

    const beta = await create(member, {
      projectId,
      title: "Beta",
      description: "First users",
      targetDateUtc: inDays(9),
    });
    expect(beta).toMatchObject({
      status: 201,
      body: {
        milestoneId: expect.any(String),
        projectId,
        title: "Beta",
        description: "First users",
        status: "Planned",
        orderIndex: 0,
        tasksCount: 0,
        doneTasksCount: 0,
        targetDateUtc: `${inDays(9)}T00:00:00.000Z`,
      },
    });
    const launch = await create(admin, { title: "Launch", targetDateUtc: inDays(30) }, `?projectId=${projectId}`);
    expect(launch.body).toMatchObject({ title: "Launch", orderIndex: 1, description: "" });

    for (const status of ["Done", "Todo"]) {
      const task = (
        await json(
          api("POST", `/api/projects/${projectId}/tasks`, member, {
            title: status,
            milestoneId: beta.body.milestoneId,
          }),
        )
      ).body;
      if (status === "Done") await json(api("PUT", `/api/tasks/${task.taskId}`, member, { status: "Done" }));
    }
    const listed = (await list(admin, `?projectId=${projectId}`)).body;
    expect(listed.map((m: { title: string; tasksCount: number; doneTasksCount: number }) => m)).toMatchObject([
      { title: "Beta", tasksCount: 2, doneTasksCount: 1 },
      { title: "Launch", tasksCount: 0, doneTasksCount: 0 },
    ]);
  });

  it("one milestone: GET, PUT, PUT status between any two, DELETE leaving its tasks", async () => {
    const { member, outsider, projectId } = await projectTeam();
    const milestone = (
      await json(api("POST", "/api/milestones", member, { projectId, title: "Beta", targetDateUtc: inDays(9) }))
    ).body;
    const task = (
      await json(
        api("POST", `/api/projects/${projectId}/tasks`, member, { title: "T", milestoneId: milestone.milestoneId }),
      )
    ).body;
    const one = (method: string, user: CurrentUser | undefined, body?: unknown, id = milestone.milestoneId as string) =>
      json(api(method, `/api/milestones/${id}`, user, body));

    expect((await one("GET", undefined)).status).toBe(401);
    expect((await one("GET", outsider)).status).toBe(403);
    expect((await one("GET", member, undefined, UNKNOWN)).status).toBe(404);
    expect((await one("GET", member, undefined, "x")).status).toBe(400);
    expect((await one("GET", member)).body).toMatchObject({ title: "Beta", tasksCount: 1 });

    const edit = { title: "Public beta", description: "All", targetDateUtc: inDays(12) };
    expect((await one("PUT", outsider, edit)).status).toBe(403);
    expect((await one("PUT", member, { ...edit, targetDateUtc: inDays(-1) })).body.errors).toEqual({
      targetDateUtc: ["Target date must be in the future"],
    });
    expect((await one("PUT", member, edit)).body).toMatchObject({
      ...edit,
      targetDateUtc: `${inDays(12)}T00:00:00.000Z`,
    });

    const move = (user: CurrentUser | undefined, body: unknown, id = milestone.milestoneId as string) =>
      json(api("PUT", `/api/milestones/${id}/status`, user, body));
    expect((await move(undefined, { status: "Active" })).status).toBe(401);
    expect((await move(outsider, { status: "Active" })).status).toBe(403);
    expect((await move(member, { status: "Active" }, UNKNOWN)).status).toBe(404);
    expect((await move(member, { status: "Done" })).status).toBe(400);
    for (const status of ["Completed", "Planned", "Active", "Completed"]) {
      expect((await move(member, { status })).body.status).toBe(status);
    }

    expect((await one("DELETE", outsider)).status).toBe(403);
    expect((await one("DELETE", member)).status).toBe(204);
    expect((await one("DELETE", member)).status).toBe(404);
    expect((await json(api("GET", `/api/tasks/${task.taskId}`, member))).body).toMatchObject({
      milestoneId: null,
      milestoneTitle: null,
    });
    const post = await api("POST", `/api/milestones/${milestone.milestoneId}`, member);
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, PUT, DELETE");
  });
});
