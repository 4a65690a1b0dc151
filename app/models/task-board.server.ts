import { sql } from "kysely";
import type { TaskPriority, TaskStatus } from "#db/schema";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import type { TaskBoardQuery } from "~/schemas/task-board";
import { requireProjectMember } from "./membership.server";

/** The task dashboard of a project: counts by status and a page of task cards. Members only. */
export interface TaskCard {
  taskId: string;
  projectId: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  type: string;
  dueAtUtc: string | null;
  milestoneTitle: string | null;
  subtaskCount: number;
  completedSubtaskCount: number;
}

export interface TaskDashboard {
  projectId: string;
  projectName: string;
  counts: { todo: number; inProgress: number; blocked: number; completed: number };
  tasks: TaskCard[];
  total: number;
  page: number;
  pageSize: number;
}

const PRIORITY_RANK = sql<number>`case t.priority when 'Critical' then 0 when 'High' then 1 when 'Medium' then 2 else 3 end`;
const STATUS_RANK = sql<number>`case t.status when 'InProgress' then 0 when 'Blocked' then 1 when 'Todo' then 2 else 3 end`;

export async function getTaskDashboard(
  actor: CurrentUser,
  projectId: string,
  query: TaskBoardQuery,
): Promise<TaskDashboard> {
  const { project } = await requireProjectMember(db, actor, projectId);

  const counts = await db
    .selectFrom("tasks")
    .select(["status", sql<number>`count(*)::int`.as("count")])
    .where("project_id", "=", projectId)
    .groupBy("status")
    .execute();
  const countOf = (status: TaskStatus) => counts.find((row) => row.status === status)?.count ?? 0;

  let tasks = db
    .selectFrom("tasks as t")
    .leftJoin("milestones as ms", "ms.id", "t.milestone_id")
    .select([
      "t.id",
      "t.title",
      "t.description",
      "t.status",
      "t.priority",
      "t.type",
      "t.due_at",
      "ms.title as milestone_title",
      sql<number>`(select count(*)::int from subtasks s where s.task_id = t.id)`.as("subtask_count"),
      sql<number>`(select count(*)::int from subtasks s where s.task_id = t.id and s.is_done)`.as("done_subtask_count"),
    ])
    .where("t.project_id", "=", projectId);
  if (query.status) tasks = tasks.where("t.status", "=", query.status);
  const ordered =
    query.sort === "dueDate"
      ? tasks.orderBy(sql`t.due_at asc nulls last`)
      : query.sort === "createdAt"
        ? tasks.orderBy("t.created_at", "desc")
        : query.sort === "status"
          ? tasks.orderBy(STATUS_RANK)
          : tasks.orderBy(PRIORITY_RANK);
  const rows = await ordered
    .orderBy("t.created_at", "desc")
    .orderBy("t.id")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const total = query.status ? countOf(query.status) : counts.reduce((sum, row) => sum + row.count, 0);

  return {
    projectId,
    projectName: project.name,
    counts: {
      todo: countOf("Todo"),
      inProgress: countOf("InProgress"),
      blocked: countOf("Blocked"),
      completed: countOf("Done"),
    },
    tasks: rows.map((row) => ({
      taskId: row.id,
      projectId,
      title: row.title,
      description: row.description,
      status: row.status,
      priority: row.priority,
      type: row.type,
      dueAtUtc: row.due_at ? new Date(row.due_at).toISOString() : null,
      milestoneTitle: row.milestone_title,
      subtaskCount: row.subtask_count,
      completedSubtaskCount: row.done_subtask_count,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
