import { describe, expect, it } from "vitest";
import type { CurrentUser } from "~/models/user.server";
import { callApi } from "../fixtures/api";
import { projectTeam } from "../fixtures/project-team";

/**
 * The API of a task's teamwork (issue 35), through app/routes.ts: comments, history, the board's
 * filters. Answers are checked against the OpenAPI document by the test set-up.
 */
const api = async (method: string, path: string, user?: CurrentUser, body?: unknown) => {
  const answer = await callApi(path, { method, user, body });
  return { status: answer.status, body: answer.status === 204 ? null : await answer.json(), headers: answer.headers };
};

describe("task comments and history API", () => {
  it("pages comments oldest first, edits your own, deletes, and shows each in the history", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const task = (await api("POST", `/api/projects/${projectId}/tasks`, admin, { title: "Talk it over" })).body as {
      taskId: string;
    };
    const comments = `/api/tasks/${task.taskId}/comments`;

    expect((await api("POST", comments, member, { content: "  " })).body).toMatchObject({
      errors: { content: ["Please write something before commenting."] },
    });
    expect((await api("POST", comments, outsider, { content: "Hi" })).status).toBe(403);
    for (const content of ["First", "Second", "Third"]) {
      expect((await api("POST", comments, member, { content })).status).toBe(201);
    }
    const page2 = await api("GET", `${comments}?page=2&pageSize=2`, admin);
    expect(page2.body).toMatchObject([{ content: "Third", canEdit: false, canDelete: true }]);
    expect(page2.headers.get("X-Total-Count")).toBe("3");
    // A page past the end is empty and still says how many there are.
    const past = await api("GET", `${comments}?page=5&pageSize=2`, admin);
    expect(past.body).toEqual([]);
    expect(past.headers.get("X-Total-Count")).toBe("3");
    expect((await api("GET", `${comments}?pageSize=0`, admin)).status).toBe(400);

    const [first] = (await api("GET", comments, member)).body as { commentId: string }[];
    const one = `${comments}/${first!.commentId}`;
    expect((await api("PUT", one, admin, { content: "Not mine" })).status).toBe(403);
    expect((await api("PUT", one, member, { content: "First, edited" })).body).toMatchObject({
      content: "First, edited",
    });
    expect((await api("DELETE", `/api/tasks/${task.taskId}/comments/not-an-id`, member)).status).toBe(400);
    expect((await api("DELETE", one, admin)).status).toBe(204);
    expect((await api("DELETE", one, admin)).status).toBe(404);

    const events = await api("GET", `/api/tasks/${task.taskId}/events?pageSize=2`, member);
    expect(events.headers.get("X-Total-Count")).toBe("4");
    const pastEvents = await api("GET", `/api/tasks/${task.taskId}/events?page=9&pageSize=2`, member);
    expect(pastEvents.body).toEqual([]);
    expect(pastEvents.headers.get("X-Total-Count")).toBe("4");
    expect(events.body).toMatchObject([
      { kind: "comment_added", summary: "commented", actorName: "Max Member" },
      { kind: "comment_added" },
    ]);
  });

  it("filters the board by assignee, milestone, priority, type and title words; refuses bad filters", async () => {
    const { admin, member, projectId } = await projectTeam();
    const create = (body: object) => api("POST", `/api/projects/${projectId}/tasks`, admin, body);
    await create({ title: "Paint the fence", priority: "High", assigneeId: member.userId });
    await create({ title: "Paint the door", type: "Design" });
    await create({ title: "Fix the gate", type: "Bug" });
    const board = async (query: string) =>
      ((await api("GET", `/api/projects/${projectId}/tasks/board?${query}`, member)).body as { title: string }[])
        .map((task) => task.title)
        .sort();

    expect(await board("q=paint")).toEqual(["Paint the door", "Paint the fence"]);
    expect(await board("q=paint&assignee=me")).toEqual(["Paint the fence"]);
    expect(await board("q=paint&assignee=unassigned")).toEqual(["Paint the door"]);
    expect(await board("type=Bug")).toEqual(["Fix the gate"]);
    expect(await board("priority=High&q=the")).toEqual(["Paint the fence"]);
    const bad = await api("GET", `/api/projects/${projectId}/tasks/board?priority=Urgent&milestoneId=x`, member);
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(["milestoneId", "priority"]);
  });
});
