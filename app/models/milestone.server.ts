import { sql } from "kysely";
import type { MilestoneStatus, TaskStatus } from "#db/schema";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import { milestoneSchema, milestoneStatusSchema } from "~/schemas/milestone";
import { parseOrThrow } from "~/utils/validation.server";
import { type ProjectAccess, requireMemberAccess, requireMilestoneAccess } from "./membership.server";
import { notifyProjectMembers } from "./notification.server";
import { utcText } from "~/utils/utc";

/**
 * Milestones (spec sections 3-5): Planned, Active, Completed; any status may move to any other.
 * tasksCount and doneTasksCount are counted from the milestone's tasks, never stored.
 */
export interface Milestone {
  milestoneId: string;
  projectId: string;
  title: string;
  description: string;
  targetDateUtc: string;
  status: MilestoneStatus;
  orderIndex: number;
  tasksCount: number;
  doneTasksCount: number;
}

function milestoneRows() {
  return db
    .selectFrom("milestones as m")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("tasks as t")
          .select([
            sql<number>`count(*)::int`.as("total"),
            sql<number>`(count(*) filter (where t.status = 'Done'))::int`.as("done"),
          ])
          .whereRef("t.milestone_id", "=", "m.id")
          .as("tc"),
      (join) => join.onTrue(),
    )
    .select([
      "m.id",
      "m.project_id",
      "m.title",
      "m.description",
      "m.target_date",
      "m.status",
      "m.order_index",
      "tc.total",
      "tc.done",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof milestoneRows>["executeTakeFirstOrThrow"]>>;

function toMilestone(row: Row): Milestone {
  return {
    milestoneId: row.id,
    projectId: row.project_id,
    title: row.title,
    description: row.description,
    targetDateUtc: utcText(row.target_date),
    status: row.status,
    orderIndex: row.order_index,
    tasksCount: row.total ?? 0,
    doneTasksCount: row.done ?? 0,
  };
}

/** A project's milestones in plan order (GET /api/milestones?projectId=, the Milestones tab). */
export async function listMilestones(access: ProjectAccess): Promise<Milestone[]> {
  const rows = await milestoneRows()
    .where("m.project_id", "=", access.projectId)
    .orderBy("m.order_index")
    .orderBy("m.target_date")
    .orderBy("m.id")
    .execute();
  return rows.map(toMilestone);
}

/** A task as its milestone lists it. */
export interface MilestoneTask {
  taskId: string;
  title: string;
  status: TaskStatus;
}

/**
 * Each milestone's first `perMilestone` tasks (open ones first, then by priority), for the
 * Milestones tab: one query, however many milestones and tasks. Counts and progress come from
 * tasksCount and doneTasksCount.
 */
export async function listMilestoneTasks(
  access: ProjectAccess,
  perMilestone: number,
): Promise<Record<string, MilestoneTask[]>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("tasks as t")
        .select([
          "t.id",
          "t.title",
          "t.status",
          "t.milestone_id",
          sql<number>`row_number() over (partition by t.milestone_id order by (t.status = 'Done'),
            case t.priority when 'Critical' then 0 when 'High' then 1 when 'Medium' then 2 else 3 end,
            t.created_at, t.id)`.as("place"),
        ])
        .where("t.project_id", "=", access.projectId)
        .where("t.milestone_id", "is not", null)
        .as("ranked"),
    )
    .selectAll()
    .where("ranked.place", "<=", perMilestone)
    .orderBy("ranked.milestone_id")
    .orderBy("ranked.place")
    .execute();
  const lists: Record<string, MilestoneTask[]> = {};
  for (const row of rows) {
    (lists[row.milestone_id!] ??= []).push({ taskId: row.id, title: row.title, status: row.status });
  }
  return lists;
}

/** GET /api/milestones?projectId=: the same list, for members only. */
export async function listProjectMilestones(actor: CurrentUser, projectId: string): Promise<Milestone[]> {
  return listMilestones(await requireMemberAccess(db, actor, projectId));
}

export async function getMilestone(actor: CurrentUser, milestoneId: string): Promise<Milestone> {
  await requireMilestoneAccess(db, actor, milestoneId);
  return toMilestone(await milestoneRows().where("m.id", "=", milestoneId).executeTakeFirstOrThrow());
}

/** Creates a Planned milestone at the end of the plan. Members only. */
export async function createMilestone(actor: CurrentUser, projectId: string, input: unknown): Promise<Milestone> {
  const milestone = parseOrThrow(milestoneSchema, input);
  const id = await db.transaction().execute(async (trx) => {
    await requireMemberAccess(trx, actor, projectId);
    const row = await trx
      .insertInto("milestones")
      .values({
        project_id: projectId,
        title: milestone.title,
        description: milestone.description,
        target_date: new Date(milestone.targetDateUtc),
        order_index: sql<number>`(select coalesce(max(order_index), -1) + 1 from milestones where project_id = ${projectId})`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return toMilestone(await milestoneRows().where("m.id", "=", id).executeTakeFirstOrThrow());
}

/** Edits title, description and target date (the same rules as creating). */
export async function updateMilestone(actor: CurrentUser, milestoneId: string, input: unknown): Promise<Milestone> {
  const milestone = parseOrThrow(milestoneSchema, input);
  await db.transaction().execute(async (trx) => {
    await requireMilestoneAccess(trx, actor, milestoneId);
    await trx
      .updateTable("milestones")
      .set({
        title: milestone.title,
        description: milestone.description,
        target_date: new Date(milestone.targetDateUtc),
        updated_at: new Date(),
      })
      .where("id", "=", milestoneId)
      .execute();
  });
  return getMilestone(actor, milestoneId);
}

/** Moves a milestone to another status (any to any). */
export async function setMilestoneStatus(actor: CurrentUser, milestoneId: string, input: unknown): Promise<Milestone> {
  const { status } = parseOrThrow(milestoneStatusSchema, input);
  await db.transaction().execute(async (trx) => {
    const access = await requireMilestoneAccess(trx, actor, milestoneId);
    const before = await trx
      .selectFrom("milestones")
      .select(["status", "title"])
      .where("id", "=", milestoneId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx.updateTable("milestones").set({ status, updated_at: new Date() }).where("id", "=", milestoneId).execute();
    if (status === "Completed" && before.status !== "Completed") {
      await notifyProjectMembers(trx, access, actor.userId, {
        eventName: "milestoneCompleted",
        title: "Milestone completed",
        message: `${actor.fullName || "Someone"} completed the milestone "${before.title}" in ${access.projectName}.`,
        link: `/work/projects/${access.projectId}?tab=milestones`,
        data: {
          projectId: access.projectId,
          projectName: access.projectName,
          milestoneId,
          title: before.title,
          actorUserId: actor.userId,
        },
      });
    }
  });
  return getMilestone(actor, milestoneId);
}

/** Deletes a milestone; its tasks stay, without a milestone. */
export async function deleteMilestone(actor: CurrentUser, milestoneId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireMilestoneAccess(trx, actor, milestoneId);
    await trx.deleteFrom("milestones").where("id", "=", milestoneId).execute();
  });
}
