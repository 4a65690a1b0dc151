import type { ProjectAccess } from "./membership.server";
import type { NewNotification } from "./notification.server";

/** Where a notification about a task leads, and the spec's client fields it carries. */
export function aboutTask(
  access: ProjectAccess,
  task: { taskId: string; title: string },
): Pick<NewNotification, "link" | "data"> {
  return {
    link: `/work/projects/${access.projectId}/tasks/${task.taskId}`,
    data: {
      projectId: access.projectId,
      projectName: access.projectName,
      taskId: task.taskId,
      title: task.title,
      actorUserId: access.actor.userId,
      actorName: access.actor.fullName || "Someone",
    },
  };
}
