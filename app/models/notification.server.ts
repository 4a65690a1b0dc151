import { sql } from "kysely";
import type { DB } from "#db/connection";

/**
 * Notifications are rows written in the same transaction as their event (DESIGN principle 6);
 * a NOTIFY on the same transaction tells every app instance to push them once it commits.
 */
export type NotificationEvent =
  | "projectJoinRequested"
  | "projectJoinApproved"
  | "projectJoinRejected"
  | "projectJoinCancelled"
  | "projectStarted"
  | "taskCreated"
  | "taskCompleted"
  | "taskUnblocked"
  | "milestoneCompleted"
  | "postReplied"
  | "postLiked"
  | "replyLiked";

export interface NewNotification {
  userId: string;
  eventName: NotificationEvent;
  title: string;
  message: string;
  data: Record<string, unknown>;
}

export const NOTIFICATION_CHANNEL = "notifications";

export async function addNotifications(trx: DB, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  await trx
    .insertInto("notifications")
    .values(
      notifications.map((n) => ({
        user_id: n.userId,
        event_name: n.eventName,
        title: n.title,
        message: n.message,
        data: JSON.stringify(n.data),
      })),
    )
    .execute();
  for (const userId of new Set(notifications.map((n) => n.userId))) {
    await sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`.execute(trx);
  }
}

/**
 * Notifies every member of a project but the one who acted (nobody is told of their own action),
 * in the caller's transaction.
 */
export async function notifyProjectMembers(
  trx: DB,
  projectId: string,
  actorUserId: string,
  notification: Omit<NewNotification, "userId">,
): Promise<void> {
  const members = await trx
    .selectFrom("project_members")
    .select("user_id")
    .where("project_id", "=", projectId)
    .where("user_id", "!=", actorUserId)
    .execute();
  await addNotifications(
    trx,
    members.map((member) => ({ userId: member.user_id, ...notification })),
  );
}
