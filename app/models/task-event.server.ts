import { sql } from "kysely";
import { type DB, keepPlan } from "#db/connection";
import { db } from "~/db.server";
import { describeTaskEvent, isSystemEvent, type TaskEventKind } from "~/utils/task-event-text";
import type { CurrentUser } from "~/models/user.server";
import { requireTaskAccess } from "./membership.server";
import type { Page } from "./project.server";
import { utcText } from "~/utils/utc";

/**
 * A task's history: every change is a row (kind, JSON detail, who, when) written in the change's
 * own transaction, so the history never misses or invents one. Other features (mentor review)
 * add kinds of their own to the same table.
 */
export interface TaskEventView {
  eventId: string;
  kind: string;
  detail: Record<string, unknown>;
  /** The history's line, e.g. 'changed the priority from "Low" to "High"'. */
  summary: string;
  actorUserId: string | null;
  /** Null for the product's own events (a reminder), whose summary is a whole sentence. */
  actorName: string | null;
  createdAtUtc: string;
}

export interface NewTaskEvent {
  kind: TaskEventKind;
  detail: Record<string, unknown>;
}

/** Writes events in the caller's transaction (one statement, however many). */
export function recordTaskEvents(
  trx: DB,
  taskId: string,
  actorId: string,
  events: readonly NewTaskEvent[],
): Promise<void> {
  return insertTaskEvents(
    trx,
    events.map((event) => ({ ...event, taskId, actorId })),
  );
}

/** Writes events no person made (a reminder), each on its task, at `at`, in the caller's transaction. */
export function recordSystemTaskEvents(
  trx: DB,
  at: Date,
  events: readonly (NewTaskEvent & { taskId: string })[],
): Promise<void> {
  return insertTaskEvents(
    trx,
    events.map((event) => ({ ...event, actorId: null, at })),
  );
}

async function insertTaskEvents(
  trx: DB,
  events: readonly (NewTaskEvent & { taskId: string; actorId: string | null; at?: Date })[],
): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto("task_events")
    .values(
      events.map((event) => ({
        task_id: event.taskId,
        actor_id: event.actorId,
        kind: event.kind,
        detail: JSON.stringify(event.detail),
        ...(event.at ? { created_at: event.at } : {}),
      })),
    )
    .execute();
}

/** How many comments or history entries a task has (for a page past the end, which carries no count). */
export async function countTaskRows(table: "task_comments" | "task_events", taskId: string): Promise<number> {
  const { total } = await db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as("total"))
    .where("task_id", "=", taskId)
    .executeTakeFirstOrThrow();
  return total;
}

/**
 * A page of a task's history, newest first, with its count: one statement, however long it is.
 * The caller has checked the actor's access to the task.
 */
export async function pageTaskEvents(
  taskId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<TaskEventView>> {
  const total = sql<number>`(select count(*)::int from task_events where task_id = ${taskId})`;
  const rows = await db
    .selectFrom("task_events as e")
    .leftJoin("users as u", "u.id", "e.actor_id")
    .select(["e.id", "e.kind", "e.detail", "e.actor_id", "e.created_at", "u.full_name", total.as("total")])
    .where("e.task_id", "=", taskId)
    .orderBy("e.seq", "desc")
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .modifyEnd(keepPlan)
    .execute();
  // A page past the end has no row to carry the count.
  const count = rows[0]?.total ?? (await countTaskRows("task_events", taskId));
  return {
    items: rows.map((row) => {
      const detail = (typeof row.detail === "string" ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>;
      return {
        eventId: row.id,
        kind: row.kind,
        detail,
        summary: describeTaskEvent(row.kind, detail),
        actorUserId: row.actor_id,
        actorName: isSystemEvent(row.kind) ? null : row.full_name || (row.actor_id ? "A member" : "Someone who left"),
        createdAtUtc: utcText(row.created_at),
      };
    }),
    total: count,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** A task's history for the API: members of its project only. */
export async function listTaskEvents(
  actor: CurrentUser,
  taskId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<TaskEventView>> {
  await requireTaskAccess(db, actor, taskId);
  return pageTaskEvents(taskId, paging);
}
