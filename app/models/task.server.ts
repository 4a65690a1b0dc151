import { type ExpressionBuilder, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { compiledOnce } from "#db/compiled-once";
import type { Database, TaskPriority, TaskReviewState, TaskStatus } from "#db/schema";
import type { DB } from "#db/connection";
import { db, keepPlan } from "~/db.server";
import { awardAchievements } from "~/models/achievement.server";
import type { CurrentUser } from "~/models/user.server";
import type { Page } from "~/models/project.server";
import type { TaskBoardQuery, TaskFilters, TaskSort } from "~/schemas/task-board";
import {
  assignTaskSchema,
  editTaskSchema,
  newTaskSchema,
  type NewTaskInput,
  TASK_STATUSES,
  taskStatusSchema,
  taskUpdateSchema,
  type TaskUpdateInput,
} from "~/schemas/task";
import { ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors.server";
import type { EditedField } from "~/utils/task-event-text";
import { parseOrThrow } from "~/utils/validation.server";
import { type ProjectAccess, requireMemberAccess, requireTaskAccess } from "./membership.server";
import { addNotifications, notifyProjectMembers } from "./notification.server";
import { type NewTaskEvent, recordTaskEvents } from "./task-event.server";
import { aboutTask } from "./task-notice.server";
import { guardDoneAgainstReview } from "./task-review.server";
import { utcText } from "~/utils/utc";

/**
 * Tasks of a project (spec sections 2-5): the work page's groups, the task dashboard, task
 * details, and every write. Reads take a ProjectAccess (the membership check already done);
 * writes check membership themselves, in their transaction.
 */

export interface TaskCard {
  taskId: string;
  projectId: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  type: string;
  dueAtUtc: string | null;
  milestoneId: string | null;
  milestoneTitle: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  subtaskCount: number;
  completedSubtaskCount: number;
  createdAtUtc: string;
  /** The latest review round's state and reviewer, for whose-turn chips; null before any. */
  review: TaskCardReview | null;
}

export interface TaskCardReview {
  state: TaskReviewState;
  reviewerName: string | null;
  requesterId: string | null;
}

export interface Subtask {
  subtaskId: string;
  title: string;
  description: string;
  isDone: boolean;
  orderIndex: number;
}

export interface TaskDetail extends TaskCard {
  subtasks: Subtask[];
}

const PRIORITY_RANK = sql<number>`case t.priority when 'Critical' then 0 when 'High' then 1 when 'Medium' then 2 else 3 end`;
const STATUS_RANK = sql<number>`case t.status when 'InProgress' then 0 when 'Blocked' then 1 when 'Todo' then 2 else 3 end`;

/** Task cards with their milestone, assignee and subtask counts: one query, however many tasks. */
function taskCards(executor: DB) {
  return (
    executor
      .selectFrom("tasks as t")
      .leftJoin("milestones as ms", "ms.id", "t.milestone_id")
      .leftJoin("users as u", "u.id", "t.assignee_id")
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("subtasks as s")
            .select([
              sql<number>`count(*)::int`.as("total"),
              sql<number>`(count(*) filter (where s.is_done))::int`.as("done"),
            ])
            .whereRef("s.task_id", "=", "t.id")
            .as("sc"),
        (join) => join.onTrue(),
      )
      // The latest review round (its index is task_id, round): one row per card, no extra query.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("task_reviews as r")
            .leftJoin("users as ru", "ru.id", "r.claimed_by")
            .select(["r.state", "r.requested_by", "ru.full_name as reviewer_name"])
            .whereRef("r.task_id", "=", "t.id")
            .orderBy("r.round", "desc")
            .limit(1)
            .as("rv"),
        (join) => join.onTrue(),
      )
      .select([
        "t.id",
        "t.project_id",
        "t.title",
        "t.description",
        "t.status",
        "t.priority",
        "t.type",
        "t.due_at",
        "t.created_at",
        "t.milestone_id",
        "ms.title as milestone_title",
        "t.assignee_id",
        "u.full_name as assignee_name",
        "sc.total",
        "sc.done",
        "rv.state as review_state",
        "rv.requested_by as review_requested_by",
        "rv.reviewer_name",
      ])
  );
}

type CardRow = Awaited<ReturnType<ReturnType<typeof taskCards>["executeTakeFirstOrThrow"]>>;

function toCard(row: CardRow): TaskCard {
  return {
    taskId: row.id,
    projectId: row.project_id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    type: row.type,
    dueAtUtc: utcText(row.due_at),
    milestoneId: row.milestone_id,
    milestoneTitle: row.milestone_title,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    subtaskCount: row.total ?? 0,
    completedSubtaskCount: row.done ?? 0,
    createdAtUtc: utcText(row.created_at),
    review: row.review_state
      ? { state: row.review_state, reviewerName: row.reviewer_name, requesterId: row.review_requested_by }
      : null,
  };
}

export interface TaskListOptions {
  /** Only the actor's tasks (My Tasks), or the whole board. */
  scope: "mine" | "all";
  includeCompleted?: boolean;
  status?: TaskStatus;
  /** Default: priority (then due date). */
  sort?: TaskSort;
  /** The board's filters (whose, milestone, priority, type, title words). */
  filters?: TaskFilters;
}

/** `%` and `_` in a search are letters, not patterns. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type TasksEB = ExpressionBuilder<Database & { t: Database["tasks"] }, "t">;

/** Which of the project's tasks a list shows: the same condition for its rows and its count. */
function taskFilter(access: ProjectAccess, options: TaskListOptions) {
  return (eb: TasksEB) =>
    eb.and([
      eb("t.project_id", "=", access.projectId),
      ...(options.scope === "mine" ? [eb("t.assignee_id", "=", access.actor.userId)] : []),
      ...(options.includeCompleted === false ? [eb("t.status", "<>", "Done")] : []),
      ...(options.status ? [eb("t.status", "=", options.status)] : []),
      ...filterConditions(eb, access, options.filters ?? {}),
    ]);
}

function filterConditions(eb: TasksEB, access: ProjectAccess, filters: TaskFilters) {
  return [
    ...(filters.assignee === "me" ? [eb("t.assignee_id", "=", access.actor.userId)] : []),
    ...(filters.assignee === "unassigned" ? [eb("t.assignee_id", "is", null)] : []),
    ...(filters.milestoneId ? [eb("t.milestone_id", "=", filters.milestoneId)] : []),
    ...(filters.priority ? [eb("t.priority", "=", filters.priority)] : []),
    ...(filters.type ? [eb("t.type", "=", filters.type)] : []),
    ...(filters.q ? [eb("t.title", "ilike", likePattern(filters.q))] : []),
  ];
}

/** A list's total order: created_at and id after the sort's own keys, so pages never overlap. */
function sortKeys(sort: TaskSort) {
  const first =
    sort === "createdAt"
      ? []
      : sort === "dueDate"
        ? [sql`t.due_at asc nulls last`]
        : sort === "status"
          ? [STATUS_RANK]
          : [PRIORITY_RANK, sql`t.due_at asc nulls last`];
  return [...first, sql`t.created_at desc`, sql`t.id`];
}

/** Cards in a list's order (default: priority, then due date). */
function orderedCards(access: ProjectAccess, options: TaskListOptions) {
  return sortKeys(options.sort ?? "priority").reduce(
    (query, key) => query.orderBy(key),
    taskCards(db).where(taskFilter(access, options)),
  );
}

/** A page of a list's cards (a work page group's, say) and the list's count: two queries, however many tasks. */
export async function pageTaskCards(
  access: ProjectAccess,
  options: TaskListOptions & { page: number; pageSize: number },
): Promise<Page<TaskCard>> {
  const [rows, count] = await Promise.all([
    orderedCards(access, options)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db
      .selectFrom("tasks as t")
      .select(sql<number>`count(*)::int`.as("total"))
      .where(taskFilter(access, options))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toCard), total: count.total, page: options.page, pageSize: options.pageSize };
}

/**
 * A page of a project's tasks for the API (my-tasks, board): members only. Two queries, the page
 * and its count, however many tasks.
 */
export async function pageTasks(
  actor: CurrentUser,
  projectId: string,
  options: TaskListOptions & { page: number; pageSize: number },
): Promise<Page<TaskCard>> {
  return pageTaskCards(await requireMemberAccess(db, actor, projectId), options);
}

export interface TaskGroup {
  /** How many tasks the group holds. */
  total: number;
  /** Its first cards, in the list's order. */
  cards: TaskCard[];
}

/**
 * The work page's groups (Todo, In Progress, Blocked, Completed): each group's count and its first
 * `perGroup` cards, so a board of hundreds of tasks renders a screenful, not all of them. Two
 * queries, however many tasks.
 */
export async function listTaskGroups(
  access: ProjectAccess,
  options: TaskListOptions & { perGroup: number },
): Promise<Record<TaskStatus, TaskGroup>> {
  const { cards: cardsQuery, counts: countsQuery } = taskGroupsStatements(access, options);
  const [rows, counts] = await Promise.all([cardsQuery.execute(), countsQuery.execute()]);
  const cards = groupByStatus(rows.map(toCard));
  return Object.fromEntries(
    TASK_STATUSES.map((status) => [
      status,
      { total: counts.find((row) => row.status === status)?.total ?? 0, cards: cards[status] },
    ]),
  ) as Record<TaskStatus, TaskGroup>;
}

/**
 * The two statements of `listTaskGroups`. The cards' ids come as one array, worked out once: as
 * `in (subquery)` the planner could rerun the groups' window for every task of the project when it
 * believed the project small, reading a 300-task board 300 times over. Their plans are kept but
 * for a search in the titles, whose best plan hangs on its words (the other filters only add
 * conditions on one project's rows, and their combinations are few).
 */
export function taskGroupsStatements(access: ProjectAccess, options: TaskListOptions & { perGroup: number }) {
  const placeInGroup = sql<number>`row_number() over (partition by t.status order by ${sql.join(
    sortKeys(options.sort ?? "priority"),
  )})`;
  const firstOfEachGroup = db
    .selectFrom((eb) =>
      eb
        .selectFrom("tasks as t")
        .where(taskFilter(access, options))
        .select(["t.id", placeInGroup.as("place")])
        .as("g"),
    )
    .select("g.id")
    .where("g.place", "<=", options.perGroup);
  const end = options.filters?.q ? sql`` : keepPlan;
  return {
    cards: orderedCards(access, options)
      .where(sql<boolean>`t.id = any(array(${firstOfEachGroup}))`)
      .modifyEnd(end),
    counts: db
      .selectFrom("tasks as t")
      .select(["t.status", sql<number>`count(*)::int`.as("total")])
      .where(taskFilter(access, options))
      .groupBy("t.status")
      .modifyEnd(end),
  };
}

/** Cards by status, in the order the work page shows its groups. */
export function groupByStatus<Card extends { status: TaskStatus }>(tasks: Card[]): Record<TaskStatus, Card[]> {
  const groups = Object.fromEntries(TASK_STATUSES.map((status) => [status, [] as Card[]])) as Record<
    TaskStatus,
    Card[]
  >;
  for (const task of tasks) groups[task.status].push(task);
  return groups;
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

/** The task dashboard (/work/tmp/{id}): counts by status and a page of cards. Members only. */
export async function getTaskDashboard(
  actor: CurrentUser,
  projectId: string,
  query: TaskBoardQuery,
): Promise<TaskDashboard> {
  const access = await requireMemberAccess(db, actor, projectId);
  const countsQuery = db
    .selectFrom("tasks")
    .select(["status", sql<number>`count(*)::int`.as("count")])
    .where("project_id", "=", projectId)
    .groupBy("status")
    .execute();
  const [counts, rows] = await Promise.all([
    countsQuery,
    orderedCards(access, { scope: "all", status: query.status, sort: query.sort })
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const countOf = (status: TaskStatus) => counts.find((row) => row.status === status)?.count ?? 0;
  return {
    projectId,
    projectName: access.projectName,
    counts: {
      todo: countOf("Todo"),
      inProgress: countOf("InProgress"),
      blocked: countOf("Blocked"),
      completed: countOf("Done"),
    },
    tasks: rows.map(toCard),
    total: query.status ? countOf(query.status) : counts.reduce((sum, row) => sum + row.count, 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One task with its subtasks (Task details, GET /api/tasks/{id}). Members of its project only. */
export async function getTask(actor: CurrentUser, taskId: string): Promise<TaskDetail> {
  return (await getTaskWithCreator(actor, taskId)).task;
}

/** The task and who created it (the task page decides its Delete button from it, with no query of its own). */
export async function getTaskWithCreator(
  actor: CurrentUser,
  taskId: string,
): Promise<{ task: TaskDetail; createdBy: string | null }> {
  return getTaskInProject(await requireTaskAccess(db, actor, taskId), taskId);
}

// Every task page asks it: compiled once.
const taskInProjectQuery = compiledOnce((executor, { taskId, projectId }: { taskId: string; projectId: string }) =>
  taskCards(executor)
    .select((eb) => [
      "t.created_by",
      jsonArrayFrom(
        eb
          .selectFrom("subtasks as st")
          .select(["st.id", "st.title", "st.description", "st.is_done", "st.order_index"])
          .whereRef("st.task_id", "=", "t.id")
          .orderBy("st.is_done")
          .orderBy("st.order_index")
          .orderBy("st.created_at"),
      ).as("subtask_rows"),
    ])
    .where("t.id", "=", taskId)
    .where("t.project_id", "=", projectId)
    .modifyEnd(keepPlan),
);

/**
 * The same for a member whose access to the project is checked already (the task page's layout
 * does): one statement, a task of another project not found.
 */
export async function getTaskInProject(
  access: ProjectAccess,
  taskId: string,
): Promise<{ task: TaskDetail; createdBy: string | null }> {
  const {
    rows: [row],
  } = await db.executeQuery(taskInProjectQuery(db, { taskId, projectId: access.projectId }));
  if (!row) throw new NotFoundError("Task not found.");
  const task = {
    ...toCard(row),
    subtasks: row.subtask_rows.map((s) => ({
      subtaskId: s.id,
      title: s.title,
      description: s.description,
      isDone: s.is_done,
      orderIndex: s.order_index,
    })),
  };
  return { task, createdBy: row.created_by };
}

// Every work page with the Add Task form asks both: compiled once.
const formMembersQuery = compiledOnce((executor, { projectId }: { projectId: string }) =>
  executor
    .selectFrom("project_members as pm")
    .innerJoin("users as u", "u.id", "pm.user_id")
    .select(["u.id", "u.full_name", "u.email"])
    .where("pm.project_id", "=", projectId)
    .orderBy("u.full_name")
    .modifyEnd(keepPlan),
);
const formMilestonesQuery = compiledOnce((executor, { projectId }: { projectId: string }) =>
  executor
    .selectFrom("milestones")
    .select(["id", "title"])
    .where("project_id", "=", projectId)
    .orderBy("order_index")
    .orderBy("target_date")
    .modifyEnd(keepPlan),
);

/** Members and milestones to choose from in the Add Task form. */
export async function taskFormOptions(access: ProjectAccess) {
  const { projectId } = access;
  const [{ rows: members }, { rows: milestones }] = await Promise.all([
    db.executeQuery(formMembersQuery(db, { projectId })),
    db.executeQuery(formMilestonesQuery(db, { projectId })),
  ]);
  return {
    members: members.map((m) => ({ userId: m.id, fullName: m.full_name || m.email })),
    milestones: milestones.map((m) => ({ milestoneId: m.id, title: m.title })),
  };
}

/** The milestone and assignee must belong to the task's project. */
async function checkReferences(
  executor: DB,
  projectId: string,
  input: { milestoneId?: string | null; assigneeId?: string | null },
) {
  const belongs = (table: "milestones" | "project_members", column: "id" | "user_id", id: string | null | undefined) =>
    id
      ? sql<boolean>`exists (select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${id} and project_id = ${projectId})`
      : sql<boolean>`true`;
  const { milestone, member } = await executor
    .selectNoFrom([
      belongs("milestones", "id", input.milestoneId).as("milestone"),
      belongs("project_members", "user_id", input.assigneeId).as("member"),
    ])
    .executeTakeFirstOrThrow();
  const errors: Record<string, string[]> = {};
  if (!milestone) errors.milestoneId = ["Choose a milestone of this project."];
  if (!member) errors.assigneeId = ["Choose a member of this project."];
  if (Object.keys(errors).length) throw new ValidationError(Object.values(errors)[0]![0]!, errors);
}

const dueAt = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** Add Task: any member may add one; title required, priority defaults to Medium. */
export async function createTask(actor: CurrentUser, projectId: string, input: unknown): Promise<TaskCard> {
  const task: NewTaskInput = parseOrThrow(newTaskSchema, input);
  const id = await db.transaction().execute(async (trx) => {
    const access = await requireMemberAccess(trx, actor, projectId);
    await checkReferences(trx, projectId, task);
    const row = await trx
      .insertInto("tasks")
      .values({
        project_id: projectId,
        title: task.title,
        description: task.description,
        priority: task.priority,
        type: task.type,
        due_at: dueAt(task.dueDate) ?? null,
        milestone_id: task.milestoneId ?? null,
        assignee_id: task.assigneeId ?? null,
        created_by: actor.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const events: NewTaskEvent[] = [{ kind: "created", detail: { title: task.title } }];
    if (task.assigneeId) {
      const names = await userNames(trx, [task.assigneeId]);
      events.push({ kind: "assigned", detail: assignedDetail(null, task.assigneeId, names) });
    }
    await recordTaskEvents(trx, row.id, actor.userId, events);
    await notifyTaskEvent(trx, access, { taskId: row.id, title: task.title }, "taskCreated");
    if (task.assigneeId) await notifyAssignee(trx, access, { taskId: row.id, title: task.title }, task.assigneeId);
    return row.id;
  });
  return toCard(await taskCards(db).where("t.id", "=", id).modifyEnd(keepPlan).executeTakeFirstOrThrow());
}

/**
 * Edits a task (PUT /api/tasks/{id}): any of its fields, and its status. Any member may: the
 * team manages its work together (only deleting is kept to the creator and admins).
 */
export async function updateTask(actor: CurrentUser, taskId: string, input: unknown): Promise<TaskCard> {
  return applyTaskChanges(actor, taskId, parseOrThrow(taskUpdateSchema, input));
}

/**
 * The task page's Edit form: title, description, type, priority, due date and milestone, checked
 * by the Add Task schema; an empty due date or milestone clears it.
 */
export async function editTask(actor: CurrentUser, taskId: string, input: unknown): Promise<TaskCard> {
  const edit = parseOrThrow(editTaskSchema, input);
  return applyTaskChanges(actor, taskId, {
    ...edit,
    dueDate: edit.dueDate ?? null,
    milestoneId: edit.milestoneId ?? null,
  });
}

/** Assigns the task to a member of its project, or unassigns it (no assigneeId). Any member may. */
export async function assignTask(actor: CurrentUser, taskId: string, input: unknown): Promise<TaskCard> {
  const { assigneeId } = parseOrThrow(assignTaskSchema, input);
  return applyTaskChanges(actor, taskId, { assigneeId: assigneeId ?? null });
}

const day = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 10) : null);

async function userNames(trx: DB, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => Boolean(id));
  if (wanted.length === 0) return new Map();
  const rows = await trx.selectFrom("users").select(["id", "full_name"]).where("id", "in", wanted).execute();
  return new Map(rows.map((row) => [row.id, row.full_name || "A member"]));
}

function assignedDetail(from: string | null, to: string | null, names: Map<string, string>) {
  return {
    fromUserId: from,
    fromName: from ? (names.get(from) ?? null) : null,
    toUserId: to,
    toName: to ? (names.get(to) ?? null) : null,
  };
}

/**
 * One change to a task, in one transaction: the row, an event per field that really changed
 * (old and new value), the project's notifications for status moves and the new assignee's.
 */
async function applyTaskChanges(actor: CurrentUser, taskId: string, changes: TaskUpdateInput): Promise<TaskCard> {
  await db.transaction().execute(async (trx) => {
    const access = await requireTaskAccess(trx, actor, taskId);
    await checkReferences(trx, access.projectId, changes);
    const before = await trx
      .selectFrom("tasks")
      .select(["status", "assignee_id", "title", "description", "type", "priority", "due_at", "milestone_id"])
      .where("id", "=", taskId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (changes.status === "Done" && before.status !== "Done") {
      await guardDoneAgainstReview(trx, access, { taskId, title: before.title }, changes.overrideReview ?? false);
    }
    await trx
      .updateTable("tasks")
      .set({
        title: changes.title,
        description: changes.description,
        priority: changes.priority,
        type: changes.type,
        status: changes.status,
        due_at: dueAt(changes.dueDate),
        milestone_id: changes.milestoneId,
        assignee_id: changes.assigneeId,
        updated_at: new Date(),
      })
      .where("id", "=", taskId)
      .execute();
    const title = changes.title ?? before.title;
    await recordTaskEvents(trx, taskId, actor.userId, await changeEvents(trx, before, changes));
    const event = taskStatusEvent(before.status, changes.status);
    if (event) await notifyTaskEvent(trx, access, { taskId, title }, event);
    if (changes.assigneeId && changes.assigneeId !== before.assignee_id) {
      await notifyAssignee(trx, access, { taskId, title }, changes.assigneeId);
    }
    // A task done counts for the person it is assigned to.
    const assignee = changes.assigneeId === undefined ? before.assignee_id : changes.assigneeId;
    if (assignee && (changes.status ?? before.status) === "Done") await awardAchievements(trx, assignee);
  });
  return toCard(await taskCards(db).where("t.id", "=", taskId).modifyEnd(keepPlan).executeTakeFirstOrThrow());
}

type TaskBefore = {
  status: TaskStatus;
  assignee_id: string | null;
  title: string;
  description: string;
  type: string;
  priority: TaskPriority;
  due_at: Date | string | null;
  milestone_id: string | null;
};

/** The history rows a change makes: one per field whose value is really different. */
async function changeEvents(trx: DB, before: TaskBefore, changes: TaskUpdateInput): Promise<NewTaskEvent[]> {
  const events: NewTaskEvent[] = [];
  const edited = (field: EditedField, from: string | null, to: string | null | undefined) => {
    if (to !== undefined && (to ?? null) !== from) events.push({ kind: "edited", detail: { field, from, to } });
  };
  edited("title", before.title, changes.title);
  // The detail keeps the start of a long description, enough to recognise it.
  if (changes.description !== undefined && changes.description !== before.description) {
    events.push({
      kind: "edited",
      detail: { field: "description", from: before.description.slice(0, 200), to: changes.description.slice(0, 200) },
    });
  }
  edited("type", before.type, changes.type);
  edited("priority", before.priority, changes.priority);
  edited("dueDate", day(before.due_at), changes.dueDate === undefined ? undefined : day(dueAt(changes.dueDate)!));
  if (changes.milestoneId !== undefined && changes.milestoneId !== before.milestone_id) {
    const ids = [before.milestone_id, changes.milestoneId].filter((id): id is string => Boolean(id));
    const titles = new Map(
      ids.length
        ? (await trx.selectFrom("milestones").select(["id", "title"]).where("id", "in", ids).execute()).map((m) => [
            m.id,
            m.title,
          ])
        : [],
    );
    events.push({
      kind: "edited",
      detail: {
        field: "milestone",
        from: before.milestone_id ? (titles.get(before.milestone_id) ?? null) : null,
        to: changes.milestoneId ? (titles.get(changes.milestoneId) ?? null) : null,
        fromMilestoneId: before.milestone_id,
        toMilestoneId: changes.milestoneId,
      },
    });
  }
  if (changes.status !== undefined && changes.status !== before.status) {
    events.push({ kind: "status", detail: { from: before.status, to: changes.status } });
  }
  if (changes.assigneeId !== undefined && changes.assigneeId !== before.assignee_id) {
    const names = await userNames(trx, [before.assignee_id, changes.assigneeId]);
    events.push({ kind: "assigned", detail: assignedDetail(before.assignee_id, changes.assigneeId, names) });
  }
  return events;
}

/** Tells a person a task was given to them (not when they took it themselves). */
async function notifyAssignee(
  trx: DB,
  access: ProjectAccess,
  task: { taskId: string; title: string },
  assigneeId: string,
): Promise<void> {
  if (assigneeId === access.actor.userId) return;
  const who = access.actor.fullName || "Someone";
  await addNotifications(trx, [
    {
      userId: assigneeId,
      eventName: "taskAssigned",
      title: "Task assigned to you",
      message: `${who} assigned "${task.title}" to you in ${access.projectName}.`,
      reason: `it is your task in ${access.projectName} now`,
      projectId: access.projectId,
      ...aboutTask(access, task),
    },
  ]);
}

/** The status dropdown of Task details: the change persists and moves the task to its group. */
export async function setTaskStatus(actor: CurrentUser, taskId: string, input: unknown): Promise<TaskCard> {
  const { status, overrideReview } = parseOrThrow(taskStatusSchema, input);
  return updateTask(actor, taskId, { status, overrideReview });
}

/** The event a status change causes: completing a task, or taking it out of Blocked. */
function taskStatusEvent(before: TaskStatus, after: TaskStatus | undefined): "taskCompleted" | "taskUnblocked" | null {
  if (after === undefined || after === before) return null;
  if (after === "Done") return "taskCompleted";
  if (before === "Blocked") return "taskUnblocked";
  return null;
}

const TASK_EVENT_TEXTS = {
  taskCreated: { title: "New task", verb: "added the task" },
  taskCompleted: { title: "Task completed", verb: "completed" },
  taskUnblocked: { title: "Task unblocked", verb: "unblocked" },
} as const;

/** Tells the project's other members, in the task change's transaction (DESIGN principle 6). */
async function notifyTaskEvent(
  trx: DB,
  access: ProjectAccess,
  task: { taskId: string; title: string },
  event: keyof typeof TASK_EVENT_TEXTS,
): Promise<void> {
  const who = access.actor.fullName || "Someone";
  const { title, verb } = TASK_EVENT_TEXTS[event];
  await notifyProjectMembers(trx, access, access.actor.userId, {
    eventName: event,
    title,
    message: `${who} ${verb} "${task.title}" in ${access.projectName}.`,
    ...aboutTask(access, task),
  });
}

/** Deletes a task with its subtasks, comments and history: its creator or a project admin. */
export async function deleteTask(actor: CurrentUser, taskId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const access = await requireTaskAccess(trx, actor, taskId);
    const task = await trx.selectFrom("tasks").select("created_by").where("id", "=", taskId).executeTakeFirstOrThrow();
    if (!access.isAdmin && task.created_by !== actor.userId) {
      throw new ForbiddenError("Only the task's creator or a project admin can delete it.");
    }
    await trx.deleteFrom("tasks").where("id", "=", taskId).execute();
  });
}

/** What the actor may do on a task's page (deleteTask decides the same when they do it). */
export function taskRights(access: ProjectAccess, createdBy: string | null): { canDelete: boolean } {
  return { canDelete: access.isAdmin || createdBy === access.actor.userId };
}
