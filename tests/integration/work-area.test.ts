import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { requireMemberAccess } from "~/models/membership.server";
import {
  createMilestone,
  deleteMilestone,
  listMilestones,
  setMilestoneStatus,
  updateMilestone,
} from "~/models/milestone.server";
import { addSubtask, deleteSubtask, renameSubtask, toggleSubtask } from "~/models/subtask.server";
import {
  createTask,
  deleteTask,
  getTask,
  listTaskGroups,
  pageTaskCards,
  setTaskStatus,
  updateTask,
} from "~/models/task.server";
import { daysLeft, getWorkOverview } from "~/models/work-overview.server";
import { milestoneSchema } from "~/schemas/milestone";
import { newTaskSchema } from "~/schemas/task";
import { ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors.server";
import { addMember, createProject, createUser } from "../fixtures/factories";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function team() {
  const admin = await createUser({ name: "Ada Admin" });
  const projectId = await createProject({ admin });
  const member = await createUser({ name: "Mo Member" });
  await addMember(projectId, member);
  const outsider = await createUser({ name: "Otto Outsider" });
  return { admin, member, outsider, projectId };
}

describe("tasks", () => {
  it("saves Add Task with defaults, groups by status, and moves a task when its status changes", async () => {
    const { admin, member, projectId } = await team();
    await expect(createTask(member, projectId, { title: "   " })).rejects.toThrow("Title is required");
    const task = await createTask(member, projectId, { title: "  Write the README  ", assigneeId: member.userId });
    expect(task).toMatchObject({
      title: "Write the README",
      priority: "Medium",
      type: "Feature",
      status: "Todo",
      assigneeName: "Mo Member",
      subtaskCount: 0,
    });
    await createTask(admin, projectId, { title: "Unassigned", priority: "Critical", dueDate: inDays(3) });

    const access = await requireMemberAccess(db, member, projectId);
    const titles = (group: { cards: { title: string }[] }) => group.cards.map((card) => card.title);
    expect(titles((await listTaskGroups(access, { scope: "mine", perGroup: 20 })).Todo)).toEqual(["Write the README"]);
    const all = await listTaskGroups(access, { scope: "all", perGroup: 20 });
    expect(titles(all.Todo)).toEqual(["Unassigned", "Write the README"]);

    await setTaskStatus(member, task.taskId, { status: "Blocked" });
    await setTaskStatus(member, task.taskId, { status: "Done" });
    const groups = await listTaskGroups(access, { scope: "all", perGroup: 20 });
    expect(groups.Done).toEqual({ total: 1, cards: [expect.objectContaining({ taskId: task.taskId })] });
    expect(groups.Todo.total).toBe(1);
    expect(groups.Blocked).toEqual({ total: 0, cards: [] });
    await expect(setTaskStatus(member, task.taskId, { status: "Finished" })).rejects.toBeInstanceOf(ValidationError);
  });

  it("shows each group's count and first cards in priority order, and pages one group whole", async () => {
    const { admin, member, projectId } = await team();
    const priorities = ["Low", "Critical", "Medium", "High"] as const;
    for (let i = 0; i < 7; i++) {
      await createTask(admin, projectId, {
        title: `Todo ${i}`,
        priority: priorities[i % 4],
        assigneeId: i % 2 ? member.userId : undefined,
      });
    }
    const blocked = await createTask(admin, projectId, { title: "Stuck", assigneeId: member.userId });
    await setTaskStatus(admin, blocked.taskId, { status: "Blocked" });
    const access = await requireMemberAccess(db, member, projectId);

    const groups = await listTaskGroups(access, { scope: "all", perGroup: 3 });
    expect(groups.Todo.total).toBe(7);
    expect(groups.Todo.cards.map((card) => card.priority)).toEqual(["Critical", "Critical", "High"]);
    expect(groups.Blocked).toEqual({ total: 1, cards: [expect.objectContaining({ title: "Stuck" })] });
    expect(groups.InProgress.total).toBe(0);
    const mine = await listTaskGroups(access, { scope: "mine", perGroup: 3 });
    expect([mine.Todo.total, mine.Blocked.total]).toEqual([3, 1]);

    const pages = await Promise.all(
      [1, 2, 3].map((page) => pageTaskCards(access, { scope: "all", status: "Todo", page, pageSize: 3 })),
    );
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7]);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    const seen = pages.flatMap((page) => page.items.map((card) => card.title));
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 3)).toEqual(groups.Todo.cards.map((card) => card.title));
  });

  it("refuses outsiders, strangers' milestones and non-member assignees; unknown ids are 404", async () => {
    const { member, outsider, projectId } = await team();
    await expect(createTask(outsider, projectId, { title: "Sneaky" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createTask(member, UNKNOWN, { title: "Lost" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(createTask(member, projectId, { title: "X", assigneeId: outsider.userId })).rejects.toThrow(
      "Choose a member of this project.",
    );
    const other = await team();
    const foreign = await createMilestone(other.admin, other.projectId, { title: "Theirs", targetDateUtc: inDays(9) });
    await expect(createTask(member, projectId, { title: "X", milestoneId: foreign.milestoneId })).rejects.toThrow(
      "Choose a milestone of this project.",
    );
    const task = await createTask(member, projectId, { title: "Mine" });
    await expect(getTask(outsider, task.taskId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateTask(outsider, task.taskId, { title: "Hacked" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getTask(member, UNKNOWN)).rejects.toBeInstanceOf(NotFoundError);
    const count = await db
      .selectFrom("tasks")
      .select(db.fn.countAll<number>().as("n"))
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    await deleteTask(member, task.taskId);
    await expect(getTask(member, task.taskId)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("subtasks", () => {
  it("adds trimmed titles at max + 1, lists open before done, renames, refuses empty, deletes", async () => {
    const { member, outsider, projectId } = await team();
    const task = await createTask(member, projectId, { title: "Checklist" });
    const first = await addSubtask(member, task.taskId, { title: "  one  ", orderIndex: 99 });
    const second = await addSubtask(member, task.taskId, { title: "two" });
    const third = await addSubtask(member, task.taskId, { title: "three" });
    expect([first.orderIndex, second.orderIndex, third.orderIndex]).toEqual([1, 2, 3]);
    expect(first.title).toBe("one");
    await expect(addSubtask(member, task.taskId, { title: "   " })).rejects.toBeInstanceOf(ValidationError);

    expect((await toggleSubtask(member, task.taskId, first.subtaskId)).isDone).toBe(true);
    let detail = await getTask(member, task.taskId);
    expect(detail.subtasks.map((s) => s.title)).toEqual(["two", "three", "one"]);
    expect([detail.subtaskCount, detail.completedSubtaskCount]).toEqual([3, 1]);

    await deleteSubtask(member, task.taskId, third.subtaskId);
    const fourth = await addSubtask(member, task.taskId, { title: "four" });
    expect(fourth.orderIndex).toBe(3);
    await renameSubtask(member, task.taskId, second.subtaskId, { title: " deux " });
    await expect(renameSubtask(member, task.taskId, second.subtaskId, { title: " " })).rejects.toBeInstanceOf(
      ValidationError,
    );
    detail = await getTask(member, task.taskId);
    expect(detail.subtasks.map((s) => s.title)).toEqual(["deux", "four", "one"]);

    await expect(toggleSubtask(outsider, task.taskId, first.subtaskId)).rejects.toBeInstanceOf(ForbiddenError);
    const other = await createTask(member, projectId, { title: "Other" });
    await expect(toggleSubtask(member, other.taskId, first.subtaskId)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("milestones", () => {
  it("validates, counts its tasks, moves between any statuses, and deletes leaving tasks", async () => {
    const { admin, member, outsider, projectId } = await team();
    await expect(createMilestone(member, projectId, { title: "", targetDateUtc: "" })).rejects.toMatchObject({
      errors: { title: ["Title is required"], targetDateUtc: ["Target date is required"] },
    });
    await expect(
      createMilestone(member, projectId, { title: "Past", targetDateUtc: inDays(-1) }),
    ).rejects.toMatchObject({ errors: { targetDateUtc: ["Target date must be in the future"] } });
    await expect(
      createMilestone(member, projectId, { title: "Today", targetDateUtc: inDays(0) }),
    ).rejects.toMatchObject({ errors: { targetDateUtc: ["Target date must be in the future"] } });
    await expect(createMilestone(outsider, projectId, { title: "X", targetDateUtc: inDays(5) })).rejects.toBeInstanceOf(
      ForbiddenError,
    );

    const beta = await createMilestone(member, projectId, { title: "Beta", targetDateUtc: inDays(10) });
    const launch = await createMilestone(admin, projectId, { title: "Launch", targetDateUtc: inDays(30) });
    expect([beta.status, beta.orderIndex, launch.orderIndex]).toEqual(["Planned", 0, 1]);
    const done = await createTask(member, projectId, { title: "A", milestoneId: beta.milestoneId });
    await createTask(member, projectId, { title: "B", milestoneId: beta.milestoneId });
    await setTaskStatus(member, done.taskId, { status: "Done" });

    const access = await requireMemberAccess(db, member, projectId);
    const listed = await listMilestones(access);
    expect(listed.map((m) => [m.title, m.tasksCount, m.doneTasksCount])).toEqual([
      ["Beta", 2, 1],
      ["Launch", 0, 0],
    ]);

    expect((await setMilestoneStatus(member, beta.milestoneId, { status: "Completed" })).status).toBe("Completed");
    expect((await setMilestoneStatus(member, beta.milestoneId, { status: "Planned" })).status).toBe("Planned");
    expect((await setMilestoneStatus(member, beta.milestoneId, { status: "Active" })).status).toBe("Active");
    await expect(setMilestoneStatus(member, beta.milestoneId, { status: "Done" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const edited = await updateMilestone(member, beta.milestoneId, {
      title: "Public beta",
      description: "Open to all",
      targetDateUtc: inDays(12),
    });
    expect(edited).toMatchObject({ title: "Public beta", description: "Open to all", tasksCount: 2 });

    await deleteMilestone(member, beta.milestoneId);
    expect((await getTask(member, done.taskId)).milestoneId).toBeNull();
    await expect(deleteMilestone(outsider, launch.milestoneId)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("work overview", () => {
  it("computes progress, days left (negative when overdue), my open tasks and open PRs", async () => {
    const { member, projectId } = await team();
    const a = await createTask(member, projectId, { title: "A", assigneeId: member.userId });
    await createTask(member, projectId, { title: "B", assigneeId: member.userId });
    await createTask(member, projectId, { title: "C" });
    await setTaskStatus(member, a.taskId, { status: "Done" });
    const overview = await getWorkOverview(await requireMemberAccess(db, member, projectId));
    expect(overview.progress).toEqual({ ok: true, value: { percent: 33, done: 1, total: 3 } });
    expect(overview.myOpenTasks).toEqual({ ok: true, value: { count: 1 } });
    expect(overview.openPullRequests).toEqual({ ok: true, value: { count: 0, synced: false } });
    expect(overview.daysLeft.ok && overview.daysLeft.value.days).toBeGreaterThan(28);

    const start = new Date("2026-01-01T00:00:00Z");
    expect(daysLeft(start, 30, new Date("2026-01-10T12:00:00Z"))).toBe(21);
    expect(daysLeft(start, 30, new Date("2026-02-05T00:00:00Z"))).toBe(-5);
    expect(daysLeft(start, null)).toBeNull();
  });
});

describe("one validation, twice", () => {
  it("takes back what the form's own schema parsed (a screen's action passes it to the model)", async () => {
    const { member, projectId } = await team();
    const milestoneForm = milestoneSchema.parse({ title: " Beta ", targetDateUtc: inDays(10) });
    const milestone = await createMilestone(member, projectId, milestoneForm);
    expect(milestone).toMatchObject({ title: "Beta", targetDateUtc: `${inDays(10)}T00:00:00.000Z` });
    const edited = await updateMilestone(member, milestone.milestoneId, milestoneSchema.parse(milestoneForm));
    expect(edited.title).toBe("Beta");
    const taskForm = newTaskSchema.parse({ title: " T ", dueDate: inDays(3), milestoneId: milestone.milestoneId });
    expect(await createTask(member, projectId, taskForm)).toMatchObject({ title: "T", milestoneTitle: "Beta" });
  });
});
