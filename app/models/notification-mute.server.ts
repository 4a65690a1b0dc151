import { db } from "~/db.server";
import type { ProjectAccess } from "./membership.server";

/**
 * Muting a project's notifications (from its work page): they are still written and listed on the
 * notifications page, but neither pushed live nor counted on the bell. Subscribing again removes
 * the mute. Only a member can mute (the caller's ProjectAccess proves it); the access says whether
 * the member has (`notificationsMuted`).
 */
export async function setProjectMuted(access: ProjectAccess, muted: boolean): Promise<void> {
  const key = { user_id: access.actor.userId, project_id: access.projectId };
  if (muted) {
    await db
      .insertInto("project_notification_mutes")
      .values(key)
      .onConflict((conflict) => conflict.columns(["user_id", "project_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("project_notification_mutes")
      .where("user_id", "=", key.user_id)
      .where("project_id", "=", key.project_id)
      .execute();
  }
}
