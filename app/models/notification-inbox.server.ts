import { type Expression, sql } from "kysely";
import { db, keepPlan } from "~/db.server";
import type { JoinRequestStatus } from "#db/schema";
import { NotFoundError } from "~/utils/errors.server";
import { previewText } from "~/utils/format";
import { isId } from "~/utils/ids";
import type { NewNotification, NotificationEvent } from "./notification.server";
import { utcText } from "~/utils/utc";

/**
 * A person's notifications: what the bell, the notifications page and the hub show, and the
 * changes a person makes to them (read, remove, clear). Every query is scoped by the owner's id,
 * so nobody else ever sees or changes them. Notifications of a project the person muted are kept
 * and listed, but left out of the unread count and of live pushes.
 */
export interface NotificationView extends Omit<NewNotification, "userId"> {
  id: string;
  /** Ascending per database; a reconnecting client asks for what came after the last it saw. */
  seq: number;
  muted: boolean;
  read: boolean;
  createdAt: string;
}

function inboxQuery(userId: string) {
  return db
    .selectFrom("notifications as n")
    .leftJoin("project_notification_mutes as m", (join) =>
      join.onRef("m.project_id", "=", "n.project_id").on("m.user_id", "=", userId),
    )
    .select([
      "n.id",
      "n.seq",
      "n.event_name",
      "n.title",
      "n.message",
      "n.reason",
      "n.link",
      "n.project_id",
      "n.read_at",
      "n.created_at",
      "n.data",
      sql<boolean>`m.user_id is not null`.as("muted"),
    ])
    .where("n.user_id", "=", userId);
}

type InboxRow = Awaited<ReturnType<ReturnType<typeof inboxQuery>["executeTakeFirstOrThrow"]>>;

function toView(row: InboxRow): NotificationView {
  return {
    id: row.id,
    seq: Number(row.seq),
    eventName: row.event_name as NotificationEvent,
    title: row.title,
    message: row.message,
    reason: row.reason,
    link: row.link,
    projectId: row.project_id,
    muted: Boolean(row.muted),
    read: row.read_at !== null,
    createdAt: utcText(row.created_at),
    data: (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  };
}

export const INBOX_PAGE_SIZE = 30;

/**
 * The newest notifications first, `limit` of them, optionally older than `beforeSeq` (paging).
 * `unmutedOnly` leaves out muted projects, as the unread count and the hub do (the bell's panel).
 */
export async function listNotifications(
  userId: string,
  {
    limit = INBOX_PAGE_SIZE,
    beforeSeq,
    unmutedOnly = false,
  }: { limit?: number; beforeSeq?: number; unmutedOnly?: boolean } = {},
): Promise<NotificationView[]> {
  let query = inboxQuery(userId).orderBy("n.seq", "desc").limit(limit);
  if (beforeSeq !== undefined) query = query.where("n.seq", "<", String(beforeSeq));
  if (unmutedOnly) query = query.where(sql<boolean>`m.user_id is null`);
  return (await query.modifyEnd(keepPlan).execute()).map(toView);
}

/**
 * What came after `afterSeq`, oldest first, leaving out muted projects: what the hub pushes and
 * what a reconnecting client receives. Capped; a client that missed more reloads the list.
 */
export async function notificationsAfter(userId: string, afterSeq: number, limit = 100): Promise<NotificationView[]> {
  const rows = await inboxQuery(userId)
    .where("n.seq", ">", String(afterSeq))
    .where(sql<boolean>`m.user_id is null`)
    .orderBy("n.seq", "asc")
    .limit(limit)
    .execute();
  return rows.map(toView);
}

/**
 * How many of a person's notifications are unread, leaving out those of projects they muted. The
 * person is an id, or a column of an outer statement that found them (`bellColumns`).
 */
function unreadCountQuery(userId: string | Expression<string>) {
  return db
    .selectFrom("notifications as n")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("n.user_id", "=", userId)
    .where("n.read_at", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("project_notification_mutes as m")
            .select("m.user_id")
            .whereRef("m.project_id", "=", "n.project_id")
            .where("m.user_id", "=", userId),
        ),
      ),
    );
}

export async function countUnread(userId: string): Promise<number> {
  const row = await unreadCountQuery(userId).modifyEnd(keepPlan).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest `seq` a person has (0 with none): where a freshly loaded bell starts listening. */
function latestSeqQuery(userId: string | Expression<string>) {
  return db
    .selectFrom("notifications")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("user_id", "=", userId);
}

export async function latestSeq(userId: string): Promise<number> {
  const row = await latestSeqQuery(userId).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export async function getNotification(userId: string, id: string): Promise<NotificationView> {
  const row = await inboxQuery(userId).where("n.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("This notification no longer exists.");
  return toView(row);
}

export async function markNotificationRead(userId: string, id: string): Promise<void> {
  const updated = await db
    .updateTable("notifications")
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new NotFoundError("This notification no longer exists.");
}

export async function markAllNotificationsRead(userId: string): Promise<void> {
  await db
    .updateTable("notifications")
    .set({ read_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .execute();
}

export async function removeNotification(userId: string, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom("notifications")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new NotFoundError("This notification no longer exists.");
}

export async function clearNotifications(userId: string): Promise<void> {
  await db.deleteFrom("notifications").where("user_id", "=", userId).execute();
}

/**
 * The header bell's figures for a signed-in person: two indexed reads in one statement, since
 * every signed-in page pays for it and a round trip costs more than either read.
 */
export interface BellState {
  unread: number;
  latestSeq: number;
}

export async function bellState(userId: string): Promise<BellState> {
  return toBellState(await db.selectNoFrom(bellColumns(userId)).executeTakeFirstOrThrow());
}

/** The bell's state as columns of a statement that finds the person (the layout's user lookup). */
export function bellColumns(userId: string | Expression<string>) {
  return [unreadCountQuery(userId).as("unread"), latestSeqQuery(userId).as("seq")] as const;
}

export function toBellState(row: { unread: string | null; seq: unknown }): BellState {
  return { unread: Number(row.unread ?? 0), latestSeq: Number(row.seq ?? 0) };
}

/**
 * What an admin needs to decide a join request from its notification, and what became of it:
 * the applicant (with their profile), the start of their message and, once decided, the outcome
 * and who decided (issue 33). Only for requests to projects the viewer administers.
 */
export interface JoinRequestNote {
  status: JoinRequestStatus;
  requesterName: string;
  requesterProfile: string;
  /** The applicant's message cut to the spec's preview length, with an ellipsis when cut. */
  messagePreview: string;
  /** Who decided: "you", their name, or null (nobody yet, or an account since removed). */
  decidedBy: string | null;
  decisionReason: string | null;
}

/** The bell panel's answer (GET /notifications/feed): the latest notifications and what they need. */
export interface NotificationFeed {
  notifications: NotificationView[];
  /** The join requests among them, by id: pending ones offer Approve/Reject, decided ones their outcome. */
  joinRequests: Record<string, JoinRequestNote>;
  unread: number;
  latestSeq: number;
}

export const MESSAGE_PREVIEW = 100;

/** The join requests behind these notifications, by request id. */
export async function joinRequestNotes(
  viewerId: string,
  notifications: NotificationView[],
): Promise<Record<string, JoinRequestNote>> {
  const ids = notifications
    .filter((n) => n.eventName === "projectJoinRequested")
    .map((n) => n.data.requestId)
    .filter(isId);
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom("join_requests as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("project_members as me", (join) =>
      join.onRef("me.project_id", "=", "r.project_id").on("me.user_id", "=", viewerId).on("me.is_admin", "=", true),
    )
    .leftJoin("users as d", "d.id", "r.decided_by")
    .select([
      "r.id",
      "r.status",
      "r.message",
      "r.user_id",
      "r.decided_by",
      "r.decision_reason",
      "u.full_name",
      "u.email",
      "u.role",
      "d.full_name as decider_name",
    ])
    .where("r.id", "in", ids)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      {
        status: row.status,
        requesterName: row.full_name || row.email,
        requesterProfile: `/profile/${row.role ?? "gainer"}/${row.user_id}`,
        messagePreview: previewText(row.message ?? "", MESSAGE_PREVIEW),
        decidedBy: row.decided_by === viewerId ? "you" : (row.decider_name ?? null),
        decisionReason: row.decision_reason,
      } satisfies JoinRequestNote,
    ]),
  );
}
