import type { DB } from "#db/connection";
import { z } from "zod";
import { notify } from "~/realtime/bus.server";

/**
 * Notifications are rows written in the same transaction as their event (DESIGN principle 6);
 * a NOTIFY on the same transaction tells every app instance to push them once it commits.
 * Reading and changing them (the bell, the notifications page, the hub) is in
 * notification-inbox.server.ts.
 */
export type NotificationEvent =
  | "projectJoinRequested"
  | "projectJoinApproved"
  | "projectJoinRejected"
  | "projectJoinCancelled"
  | "projectJoinExpired"
  | "projectJoinReminder"
  | "projectStarted"
  | "taskCreated"
  | "taskAssigned"
  | "taskCompleted"
  | "taskUnblocked"
  | "taskReviewRequested"
  | "taskReviewClaimed"
  | "taskReviewReleased"
  | "taskReviewApproved"
  | "taskChangesRequested"
  | "taskReviewReminder"
  | "taskDoneOverride"
  | "milestoneCompleted"
  | "postReplied"
  | "postLiked"
  | "replyLiked"
  | "achievementEarned";

export interface NewNotification {
  userId: string;
  eventName: NotificationEvent;
  title: string;
  /** What happened, worded for people: 'Ada Lovelace asked to join Food Bank Tracker as Designer.' */
  message: string;
  /** Why this person hears of it: 'you are an admin of Food Bank Tracker'. */
  reason: string;
  /** Where a click on it goes (a path on this site). */
  link: string;
  /** The project it belongs to; a user who muted that project keeps it but is not pushed it. */
  projectId: string | null;
  /** The spec's client fields (projectId, projectName, requestId, decisionReason, …). */
  data: Record<string, unknown>;
}

/** The bus channel the hub listens on; the payload names the recipient. */
export const NOTIFICATION_CHANNEL = "notifications";
/** A bus notice names the person with something new; anything else on the channel is ignored. */
export const notificationSignal = z.object({ userId: z.string().uuid() });
export type NotificationSignal = z.infer<typeof notificationSignal>;

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
        reason: n.reason,
        link: n.link,
        project_id: n.projectId,
        data: JSON.stringify(n.data),
      })),
    )
    .execute();
  for (const userId of new Set(notifications.map((n) => n.userId))) {
    await notify(trx, NOTIFICATION_CHANNEL, { userId } satisfies NotificationSignal);
  }
}

/**
 * Notifies every member of a project but the one who acted (nobody is told of their own action),
 * in the caller's transaction; each is told whether they hear of it as an admin or a member.
 */
export async function notifyProjectMembers(
  trx: DB,
  project: { projectId: string; projectName: string },
  actorUserId: string,
  notification: Pick<NewNotification, "eventName" | "title" | "message" | "link" | "data">,
): Promise<void> {
  const members = await trx
    .selectFrom("project_members")
    .select(["user_id", "is_admin"])
    .where("project_id", "=", project.projectId)
    .where("user_id", "!=", actorUserId)
    .execute();
  await addNotifications(
    trx,
    members.map((member) => ({
      ...notification,
      userId: member.user_id,
      projectId: project.projectId,
      reason: `you are ${member.is_admin ? "an admin" : "a member"} of ${project.projectName}`,
    })),
  );
}
