import { randomUUID } from "node:crypto";
import type { DB } from "#db/connection";

/**
 * A template's plan: milestones and first tasks with their subtasks, dated in days from a
 * project's start (db/migrations/0006_work.ts). A project started from the template begins with a
 * copy of it: milestones Planned, tasks Todo and unassigned, dates counted from `start`.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Midnight (UTC) of the day `now` falls on: the day a project started from a template starts. */
export function startOfDayUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const daysAfter = (start: Date, days: number) => new Date(start.getTime() + days * DAY);

/**
 * Copies the template's plan into the new project, in the caller's transaction: two reads and at
 * most three inserts, however big the plan.
 */
export async function copyTemplatePlan(
  trx: DB,
  templateId: string,
  projectId: string,
  actorId: string,
  start: Date,
): Promise<{ milestones: number; tasks: number; subtasks: number }> {
  const [milestones, tasks] = await Promise.all([
    trx
      .selectFrom("template_milestones")
      .select(["id", "title", "description", "offset_days", "order_index"])
      .where("template_id", "=", templateId)
      .orderBy("order_index")
      .execute(),
    trx
      .selectFrom("template_tasks")
      .select([
        "title",
        "description",
        "priority",
        "type",
        "due_offset_days",
        "subtasks",
        "template_milestone_id",
        "order_index",
      ])
      .where("template_id", "=", templateId)
      .orderBy("order_index")
      .execute(),
  ]);
  const milestoneIds = new Map(milestones.map((milestone) => [milestone.id, randomUUID()]));
  if (milestones.length) {
    await trx
      .insertInto("milestones")
      .values(
        milestones.map((milestone) => ({
          id: milestoneIds.get(milestone.id)!,
          project_id: projectId,
          title: milestone.title,
          description: milestone.description,
          target_date: daysAfter(start, milestone.offset_days),
          order_index: milestone.order_index,
        })),
      )
      .execute();
  }
  const taskRows = tasks.map((task) => ({
    id: randomUUID(),
    project_id: projectId,
    milestone_id: task.template_milestone_id ? milestoneIds.get(task.template_milestone_id)! : null,
    title: task.title,
    description: task.description,
    priority: task.priority,
    type: task.type,
    due_at: task.due_offset_days === null ? null : daysAfter(start, task.due_offset_days),
    created_by: actorId,
  }));
  if (taskRows.length) await trx.insertInto("tasks").values(taskRows).execute();
  const subtaskRows = tasks.flatMap((task, index) =>
    task.subtasks.map((title, order) => ({ task_id: taskRows[index]!.id, title, order_index: order + 1 })),
  );
  if (subtaskRows.length) await trx.insertInto("subtasks").values(subtaskRows).execute();
  return { milestones: milestones.length, tasks: taskRows.length, subtasks: subtaskRows.length };
}
