import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { requireMemberAccess } from "~/models/membership.server";
import { createMilestone, listMilestoneTasks } from "~/models/milestone.server";
import { addSubtask, toggleSubtask } from "~/models/subtask.server";
import { addComment, deleteComment, editComment, listTaskComments } from "~/models/task-comment.server";
import { listTaskEvents } from "~/models/task-event.server";
import {
  assignTask,
  createTask,
  deleteTask,
  editTask,
  getTask,
  listTaskGroups,
  setTaskStatus,
} from "~/models/task.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors.server";
import { addMember, createProject, createUser } from "../fixtures/factories";

/**
 * Teamwork on a task (issue 35): who may edit, assign and delete it, comment and edit or delete
 * comments; the history every change leaves; the board's filters; a milestone's task list.
 */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function team() {
  const admin = await createUser({ name: "Ada Admin" });
  const projectId = await createProject({ admin });
  const member = await createUser({ name: "Mo Member" });
  const other = await createUser({ name: "Oli Other" });
  await addMember(projectId, member);
  await addMember(projectId, other);
  const outsider = await createUser({ name: "Otto Outsider" });
  return { admin, member, other, outsider, projectId };
}

const history = async (actor: Parameters<typeof listTaskEvents>[0], taskId: string) =>
  (await listTaskEvents(actor, taskId, { page: 1, pageSize: 50 })).items.map((e) => `${e.actorName} ${e.summary}`);

async function notificationsOf(userId: string) {
  return db
    .selectFrom("notifications")
    .select(["event_name", "title", "message", "reason", "link"])
    .where("user_id", "=", userId)
    .orderBy("seq")
    .execute();
}

describe("editing a task", () => {
  it("any member may edit; the add schema's rules hold; each changed field leaves old → new", async () => {
    const { admin, member, outsider, projectId } = await team();
    const milestone = await createMilestone(admin, projectId, { title: "Beta", targetDateUtc: inDays(20) });
    const task = await createTask(admin, projectId, { title: "Draft", priority: "Low" });

    await expect(editTask(member, task.taskId, { title: "  " })).rejects.toThrow("Title is required");
    await expect(editTask(member, task.taskId, { title: "x".repeat(201) })).rejects.toBeInstanceOf(ValidationError);
    await expect(editTask(member, task.taskId, { title: "Ok", priority: "Urgent" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(editTask(member, task.taskId, { title: "Ok", dueDate: "2026-02-30" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(editTask(outsider, task.taskId, { title: "Mine now" })).rejects.toBeInstanceOf(ForbiddenError);

    const edited = await editTask(member, task.taskId, {
      title: "Final copy",
      description: "Proof-read",
      priority: "High",
      type: "Documentation",
      dueDate: inDays(5),
      milestoneId: milestone.milestoneId,
    });
    expect(edited).toMatchObject({
      title: "Final copy",
      description: "Proof-read",
      priority: "High",
      type: "Documentation",
      milestoneTitle: "Beta",
    });
    expect(await history(admin, task.taskId)).toEqual(
      expect.arrayContaining([
        'Mo Member changed the title from "Draft" to "Final copy"',
        "Mo Member changed the description",
        'Mo Member changed the type from "Feature" to "Documentation"',
        'Mo Member changed the priority from "Low" to "High"',
        `Mo Member changed the due date from no due date to "${inDays(5)}"`,
        'Mo Member changed the milestone from no milestone to "Beta"',
        "Ada Admin created the task",
      ]),
    );

    // Saving the same values again records nothing; clearing the milestone and due date does.
    const before = (await listTaskEvents(admin, task.taskId, { page: 1, pageSize: 50 })).total;
    await editTask(member, task.taskId, {
      title: "Final copy",
      description: "Proof-read",
      priority: "High",
      type: "Documentation",
      dueDate: inDays(5),
      milestoneId: milestone.milestoneId,
    });
    expect((await listTaskEvents(admin, task.taskId, { page: 1, pageSize: 50 })).total).toBe(before);
    const cleared = await editTask(member, task.taskId, { title: "Final copy", description: "Proof-read" });
    expect(cleared).toMatchObject({ milestoneId: null, dueAtUtc: null, priority: "Medium", type: "Feature" });
    expect((await history(admin, task.taskId))[0]).toMatch(/Mo Member (changed|moved)/);
  });

  it("a milestone from another project is refused with a field error", async () => {
    const { admin, member, projectId } = await team();
    const elsewhere = await createProject({ admin });
    const foreign = await createMilestone(admin, elsewhere, { title: "Theirs", targetDateUtc: inDays(9) });
    const task = await createTask(member, projectId, { title: "Ours" });
    const refusal = await editTask(member, task.taskId, { title: "Ours", milestoneId: foreign.milestoneId }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).errors).toHaveProperty("milestoneId");
  });
});

describe("assigning a task", () => {
  it("any member may assign, reassign and unassign to members only; the assignee is notified", async () => {
    const { admin, member, other, outsider, projectId } = await team();
    const task = await createTask(admin, projectId, { title: "Ship it" });

    await expect(assignTask(member, task.taskId, { assigneeId: outsider.userId })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(assignTask(outsider, task.taskId, { assigneeId: outsider.userId })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(assignTask(member, task.taskId, { assigneeId: "not-an-id" })).rejects.toBeInstanceOf(ValidationError);

    expect(await assignTask(member, task.taskId, { assigneeId: other.userId })).toMatchObject({
      assigneeName: "Oli Other",
    });
    expect(await assignTask(admin, task.taskId, { assigneeId: member.userId })).toMatchObject({
      assigneeName: "Mo Member",
    });
    expect(await assignTask(member, task.taskId, {})).toMatchObject({ assigneeId: null, assigneeName: null });

    expect((await history(admin, task.taskId)).slice(0, 3)).toEqual([
      "Mo Member unassigned Mo Member",
      "Ada Admin reassigned it from Oli Other to Mo Member",
      "Mo Member assigned it to Oli Other",
    ]);

    const told = (await notificationsOf(other.userId)).filter((n) => n.event_name === "taskAssigned");
    expect(told).toEqual([
      {
        event_name: "taskAssigned",
        title: "Task assigned to you",
        message: `Mo Member assigned "Ship it" to you in ${(await requireMemberAccess(db, admin, projectId)).projectName}.`,
        reason: expect.stringMatching(/^it is your task in /),
        link: `/work/projects/${projectId}/tasks/${task.taskId}`,
      },
    ]);
    // Nobody is told of what they did themselves: the member took nothing upon themselves here,
    // but the admin gave it to the member (one notice), and the member's own unassign tells nobody.
    expect((await notificationsOf(member.userId)).filter((n) => n.event_name === "taskAssigned")).toHaveLength(1);
    await assignTask(member, task.taskId, { assigneeId: member.userId });
    expect((await notificationsOf(member.userId)).filter((n) => n.event_name === "taskAssigned")).toHaveLength(1);
  });

  it("a task created for someone notifies them and records the assignment", async () => {
    const { admin, member, projectId } = await team();
    const task = await createTask(admin, projectId, { title: "For Mo", assigneeId: member.userId });
    expect(await history(admin, task.taskId)).toEqual([
      "Ada Admin assigned it to Mo Member",
      "Ada Admin created the task",
    ]);
    expect((await notificationsOf(member.userId)).map((n) => n.event_name)).toContain("taskAssigned");
  });
});

describe("deleting a task", () => {
  it("its creator or an admin may, another member may not; subtasks, comments and history go with it", async () => {
    const { admin, member, other, outsider, projectId } = await team();
    const task = await createTask(member, projectId, { title: "Mo's" });
    await addSubtask(member, task.taskId, { title: "Step" });
    await addComment(other, task.taskId, { content: "Nice" });

    await expect(deleteTask(other, task.taskId)).rejects.toThrow("Only the task's creator or a project admin");
    await expect(deleteTask(outsider, task.taskId)).rejects.toBeInstanceOf(ForbiddenError);
    await deleteTask(member, task.taskId);
    await expect(getTask(member, task.taskId)).rejects.toBeInstanceOf(NotFoundError);
    for (const table of ["subtasks", "task_comments", "task_events"] as const) {
      const left = await db.selectFrom(table).select("id").where("task_id", "=", task.taskId).execute();
      expect(left, table).toEqual([]);
    }

    const another = await createTask(member, projectId, { title: "Admin removes" });
    await deleteTask(admin, another.taskId);
    await expect(getTask(admin, another.taskId)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("comments", () => {
  it("members write; authors edit their own; authors or admins delete; text is kept as typed", async () => {
    const { admin, member, other, outsider, projectId } = await team();
    const task = await createTask(admin, projectId, { title: "Discuss" });

    await expect(addComment(member, task.taskId, { content: "   " })).rejects.toThrow(
      "Please write something before commenting.",
    );
    await expect(addComment(member, task.taskId, { content: "x".repeat(10_001) })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(addComment(outsider, task.taskId, { content: "Hi" })).rejects.toBeInstanceOf(ForbiddenError);

    const markup = await addComment(member, task.taskId, { content: "  <b>bold</b> javascript:alert(1)  " });
    expect(markup).toMatchObject({ content: "<b>bold</b> javascript:alert(1)", canEdit: true, canDelete: true });
    const others = await addComment(other, task.taskId, { content: "Second" });

    await expect(editComment(other, task.taskId, markup.commentId, { content: "Hijack" })).rejects.toThrow(
      "You can only edit your own comments.",
    );
    await expect(editComment(admin, task.taskId, markup.commentId, { content: "Admin edit" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(editComment(member, task.taskId, markup.commentId, { content: "" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const edited = await editComment(member, task.taskId, markup.commentId, { content: "Edited" });
    expect(edited.updatedAtUtc).not.toBeNull();

    await expect(deleteComment(member, task.taskId, others.commentId)).rejects.toThrow(
      "Only the comment's author or a project admin can delete it.",
    );
    // A comment addressed through another task is not found there.
    const elsewhere = await createTask(admin, projectId, { title: "Elsewhere" });
    await expect(deleteComment(other, elsewhere.taskId, others.commentId)).rejects.toBeInstanceOf(NotFoundError);

    // What each sees: their own may be edited; the admin may delete any.
    const seenByAdmin = (await listTaskComments(admin, task.taskId, { page: 1, pageSize: 50 })).items;
    expect(seenByAdmin.map((c) => [c.content, c.canEdit, c.canDelete])).toEqual([
      ["Edited", false, true],
      ["Second", false, true],
    ]);
    await deleteComment(admin, task.taskId, others.commentId);
    await deleteComment(member, task.taskId, markup.commentId);
    expect((await listTaskComments(member, task.taskId, { page: 1, pageSize: 50 })).total).toBe(0);
    expect((await history(admin, task.taskId)).filter((line) => line.endsWith("commented"))).toHaveLength(2);
  });

  it("come oldest first, newest last, in pages", async () => {
    const { admin, projectId } = await team();
    const task = await createTask(admin, projectId, { title: "Long thread" });
    for (let n = 1; n <= 5; n++) await addComment(admin, task.taskId, { content: `Comment ${n}` });
    const page = (n: number) => listTaskComments(admin, task.taskId, { page: n, pageSize: 2 });
    expect((await page(1)).items.map((c) => c.content)).toEqual(["Comment 1", "Comment 2"]);
    expect((await page(3)).items.map((c) => c.content)).toEqual(["Comment 5"]);
    expect((await page(3)).total).toBe(5);
  });
});

describe("history", () => {
  it("keeps status moves, subtasks added and checked off, newest first, with who", async () => {
    const { admin, member, projectId } = await team();
    const task = await createTask(admin, projectId, { title: "Tracked" });
    const step = await addSubtask(member, task.taskId, { title: "First step" });
    await toggleSubtask(member, task.taskId, step.subtaskId, true);
    // Setting done on a done subtask changes nothing, and leaves no line.
    await toggleSubtask(member, task.taskId, step.subtaskId, true);
    await setTaskStatus(admin, task.taskId, { status: "InProgress" });
    expect(await history(member, task.taskId)).toEqual([
      "Ada Admin moved it from To Do to In Progress",
      'Mo Member checked off the subtask "First step"',
      'Mo Member added the subtask "First step"',
      "Ada Admin created the task",
    ]);
    const [latest] = (await listTaskEvents(member, task.taskId, { page: 1, pageSize: 1 })).items;
    expect(latest).toMatchObject({ kind: "status", detail: { from: "Todo", to: "InProgress" } });
  });
});

describe("the board's filters and a milestone's tasks", () => {
  it("filter by assignee, milestone, priority, type and title words (patterns are letters)", async () => {
    const { admin, member, projectId } = await team();
    const beta = await createMilestone(admin, projectId, { title: "Beta", targetDateUtc: inDays(20) });
    await createTask(admin, projectId, {
      title: "Fix 100% bug",
      type: "Bug",
      priority: "High",
      assigneeId: member.userId,
    });
    await createTask(admin, projectId, { title: "Write docs", type: "Documentation", milestoneId: beta.milestoneId });
    await createTask(admin, projectId, { title: "Fix login", type: "Bug", milestoneId: beta.milestoneId });
    const access = await requireMemberAccess(db, member, projectId);
    const titles = async (filters: Parameters<typeof listTaskGroups>[1]["filters"]) =>
      (await listTaskGroups(access, { scope: "all", perGroup: 20, filters })).Todo.cards.map((c) => c.title).sort();

    expect(await titles({ assignee: "me" })).toEqual(["Fix 100% bug"]);
    expect(await titles({ assignee: "unassigned" })).toEqual(["Fix login", "Write docs"]);
    expect(await titles({ milestoneId: beta.milestoneId })).toEqual(["Fix login", "Write docs"]);
    expect(await titles({ type: "Bug", priority: "Medium" })).toEqual(["Fix login"]);
    expect(await titles({ q: "fix" })).toEqual(["Fix 100% bug", "Fix login"]);
    expect(await titles({ q: "100%" })).toEqual(["Fix 100% bug"]);
    expect(await titles({ q: "%" })).toEqual(["Fix 100% bug"]);

    const lists = await listMilestoneTasks(access, 8);
    expect(lists[beta.milestoneId]!.map((t) => [t.title, t.status])).toEqual([
      ["Write docs", "Todo"],
      ["Fix login", "Todo"],
    ]);
  });
});
