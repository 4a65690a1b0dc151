import { createTask } from "~/models/task.server";
import { taskInputFromJson } from "~/schemas/task";
import { apiRoute, readJson, signedIn } from "~/http/api.server";

/**
 * POST /api/projects/{projectId}/tasks {title, description, priority, type, dueAtUtc (or dueDate),
 * milestoneId, assigneeId}: Add Task for members, validated by the form's schema; 201 with the task.
 */
export const loader = apiRoute({
  POST: signedIn(["projectId"], async ({ user, ids, request }) => {
    const task = await createTask(user, ids.projectId, taskInputFromJson(await readJson(request)));
    return Response.json(task, { status: 201 });
  }),
});
export const action = loader;
