import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { createMilestone, setMilestoneStatus } from "~/models/milestone.server";
import { createTask, setTaskStatus } from "~/models/task.server";
import { addMember, createProject, createUser } from "../fixtures/factories";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function team() {
  const admin = await createUser({ name: "Ada Admin" });
  const projectId = await createProject({ admin, name: `Food Bank ${Date.now()}` });
  const member = await createUser({ name: "Mo Member" });
  await addMember(projectId, member);
  return { admin, member, projectId };
}

function notificationsOf(userId: string) {
  return (
    db
      .selectFrom("notifications")
      .select(["event_name", "title", "message", "reason", "link", "data"])
      .where("user_id", "=", userId)
      // Achievements earned on the way have their own tests (insights-achievements).
      .where("event_name", "!=", "achievementEarned")
      .orderBy("created_at")
      .execute()
  );
}

describe("work events become notifications for the other members", () => {
  it("task created, unblocked and completed: the others are told, never the one who acted", async () => {
    const { admin, member, projectId } = await team();
    const task = await createTask(member, projectId, { title: "Count the cans" });
    await setTaskStatus(member, task.taskId, { status: "Blocked" });
    await setTaskStatus(admin, task.taskId, { status: "InProgress" });
    await setTaskStatus(admin, task.taskId, { status: "Done" });

    const toAdmin = await notificationsOf(admin.userId);
    expect(toAdmin.map((n) => n.event_name)).toEqual(["taskCreated"]);
    expect(toAdmin[0]).toMatchObject({ title: "New task" });
    expect(toAdmin[0]!.message).toMatch(/^Mo Member added the task "Count the cans" in Food Bank/);

    const toMember = await notificationsOf(member.userId);
    expect(toMember.map((n) => n.event_name)).toEqual(["taskUnblocked", "taskCompleted"]);
    expect(toMember[1]!.message).toMatch(/^Ada Admin completed "Count the cans" in Food Bank/);
    const data = typeof toMember[1]!.data === "string" ? JSON.parse(toMember[1]!.data) : toMember[1]!.data;
    expect(data).toMatchObject({ projectId, taskId: task.taskId, title: "Count the cans" });
    expect(toMember[1]).toMatchObject({
      link: `/work/projects/${projectId}/tasks/${task.taskId}`,
      reason: expect.stringMatching(/^you are a member of Food Bank /),
    });
    expect(toAdmin[0]!.reason).toMatch(/^you are an admin of Food Bank /);
  });

  it("a status change that neither completes nor unblocks tells nobody; completing twice tells once", async () => {
    const { admin, member, projectId } = await team();
    const task = await createTask(admin, projectId, { title: "Sort the shelves" });
    await setTaskStatus(admin, task.taskId, { status: "InProgress" });
    await setTaskStatus(admin, task.taskId, { status: "Done" });
    await setTaskStatus(admin, task.taskId, { status: "Done" });
    expect((await notificationsOf(member.userId)).map((n) => n.event_name)).toEqual(["taskCreated", "taskCompleted"]);
    expect(await notificationsOf(admin.userId)).toEqual([]);
  });

  it("completing a milestone tells the other members once", async () => {
    const { admin, member, projectId } = await team();
    const milestone = await createMilestone(admin, projectId, { title: "Pilot", targetDateUtc: inDays(10) });
    await setMilestoneStatus(admin, milestone.milestoneId, { status: "Active" });
    await setMilestoneStatus(admin, milestone.milestoneId, { status: "Completed" });
    await setMilestoneStatus(admin, milestone.milestoneId, { status: "Completed" });
    const toMember = await notificationsOf(member.userId);
    expect(toMember.map((n) => n.event_name)).toEqual(["milestoneCompleted"]);
    expect(toMember[0]!.message).toMatch(/^Ada Admin completed the milestone "Pilot" in Food Bank/);
    expect(await notificationsOf(admin.userId)).toEqual([]);
  });
});
