import { sql } from "kysely";
import { type DB, keepPlan } from "#db/connection";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import { commentSchema } from "~/schemas/task-comment";
import { ForbiddenError, NotFoundError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";
import { type ProjectAccess, requireTaskAccess } from "./membership.server";
import type { Page } from "./project.server";
import { countTaskRows, recordTaskEvents } from "./task-event.server";
import { utcText } from "~/utils/utc";

/**
 * A task's discussion: members write comments (text by the forum's rules), edit their own and
 * delete their own; a project admin may delete any. Oldest first, newest last, in pages.
 */
export interface TaskCommentView {
  commentId: string;
  taskId: string;
  content: string;
  authorUserId: string;
  authorName: string;
  createdAtUtc: string;
  updatedAtUtc: string | null;
  canEdit: boolean;
  canDelete: boolean;
}

const NOT_YOURS_EDIT = "You can only edit your own comments.";
const NOT_YOURS_DELETE = "Only the comment's author or a project admin can delete it.";

function commentRows(executor: DB) {
  return executor
    .selectFrom("task_comments as c")
    .innerJoin("users as u", "u.id", "c.author_id")
    .select(["c.id", "c.task_id", "c.content", "c.author_id", "c.created_at", "c.updated_at", "u.full_name"]);
}

type Row = Awaited<ReturnType<ReturnType<typeof commentRows>["executeTakeFirstOrThrow"]>>;

function toView(row: Row, viewer: { userId: string; isAdmin: boolean }): TaskCommentView {
  const own = row.author_id === viewer.userId;
  return {
    commentId: row.id,
    taskId: row.task_id,
    content: row.content,
    authorUserId: row.author_id,
    authorName: row.full_name || "A member",
    createdAtUtc: utcText(row.created_at),
    updatedAtUtc: utcText(row.updated_at),
    canEdit: own,
    canDelete: own || viewer.isAdmin,
  };
}

const viewerOf = (access: ProjectAccess) => ({ userId: access.actor.userId, isAdmin: access.isAdmin });

/**
 * A page of a task's comments, oldest first; `page: "last"` is the newest ones (what the task
 * page opens on). One statement, however many comments: the count and the last page's place are
 * worked out in it. The caller has checked access to the task.
 */
export async function pageTaskComments(
  access: ProjectAccess,
  taskId: string,
  paging: { page: number | "last"; pageSize: number },
): Promise<Page<TaskCommentView>> {
  const { pageSize } = paging;
  const total = sql<number>`(select count(*)::int from task_comments where task_id = ${taskId})`;
  const offset =
    paging.page === "last"
      ? sql<number>`greatest(ceil(${total}::numeric / ${pageSize}) - 1, 0) * ${pageSize}`
      : (paging.page - 1) * pageSize;
  const rows = await commentRows(db)
    .select(total.as("total"))
    .where("c.task_id", "=", taskId)
    .orderBy("c.created_at")
    .orderBy("c.id")
    .limit(pageSize)
    .offset(offset)
    .modifyEnd(keepPlan)
    .execute();
  // A page past the end has no row to carry the count.
  const count = rows[0]?.total ?? (await countTaskRows("task_comments", taskId));
  const page = paging.page === "last" ? Math.max(1, Math.ceil(count / pageSize)) : paging.page;
  return { items: rows.map((row) => toView(row, viewerOf(access))), total: count, page, pageSize };
}

/** Comments of a task for the API: members of its project only. */
export async function listTaskComments(
  actor: CurrentUser,
  taskId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<TaskCommentView>> {
  const access = await requireTaskAccess(db, actor, taskId);
  return pageTaskComments(access, taskId, paging);
}

export async function addComment(actor: CurrentUser, taskId: string, input: unknown): Promise<TaskCommentView> {
  const { content } = parseOrThrow(commentSchema, input);
  return db.transaction().execute(async (trx) => {
    const access = await requireTaskAccess(trx, actor, taskId);
    const { id } = await trx
      .insertInto("task_comments")
      .values({ task_id: taskId, author_id: actor.userId, content })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordTaskEvents(trx, taskId, actor.userId, [
      { kind: "comment_added", detail: { commentId: id, excerpt: content.slice(0, 120) } },
    ]);
    return toView(await commentRows(trx).where("c.id", "=", id).executeTakeFirstOrThrow(), viewerOf(access));
  });
}

/** The comment, on that task, with the actor's access to the task's project (404 / 403 otherwise). */
async function requireComment(trx: DB, actor: CurrentUser, taskId: string, commentId: string) {
  const access = await requireTaskAccess(trx, actor, taskId);
  const row = await commentRows(trx)
    .where("c.id", "=", commentId)
    .where("c.task_id", "=", taskId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Comment not found.");
  return { access, row };
}

/** Edits a comment: its author only. */
export async function editComment(
  actor: CurrentUser,
  taskId: string,
  commentId: string,
  input: unknown,
): Promise<TaskCommentView> {
  const { content } = parseOrThrow(commentSchema, input);
  return db.transaction().execute(async (trx) => {
    const { access, row } = await requireComment(trx, actor, taskId, commentId);
    if (row.author_id !== actor.userId) throw new ForbiddenError(NOT_YOURS_EDIT);
    await trx
      .updateTable("task_comments")
      .set({ content, updated_at: new Date() })
      .where("id", "=", commentId)
      .execute();
    return toView(await commentRows(trx).where("c.id", "=", commentId).executeTakeFirstOrThrow(), viewerOf(access));
  });
}

/** Deletes a comment: its author, or a project admin. */
export async function deleteComment(actor: CurrentUser, taskId: string, commentId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { access, row } = await requireComment(trx, actor, taskId, commentId);
    if (row.author_id !== actor.userId && !access.isAdmin) throw new ForbiddenError(NOT_YOURS_DELETE);
    await trx.deleteFrom("task_comments").where("id", "=", commentId).execute();
  });
}
