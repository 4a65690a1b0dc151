import { deleteTask, getTask, updateTask } from "~/models/task.server";
import { taskInputFromJson } from "~/schemas/task";
import { apiRoute, noContent, readJson, signedIn } from "~/http/api.server";

/**
 * /api/tasks/{taskId}: GET the task with its subtasks; PUT any of title, description, priority,
 * type, status, dueAtUtc (or dueDate), milestoneId, assigneeId (null clears the last three) and
 * get the task back; DELETE it with its subtasks, 204. Members of its project only.
 */
export const loader = apiRoute({
  GET: signedIn(["taskId"], async ({ user, ids }) => Response.json(await getTask(user, ids.taskId))),
  PUT: signedIn(["taskId"], async ({ user, ids, request }) =>
    Response.json(await updateTask(user, ids.taskId, taskInputFromJson(await readJson(request)))),
  ),
  DELETE: signedIn(["taskId"], async ({ user, ids }) => {
    await deleteTask(user, ids.taskId);
    return noContent();
  }),
});
export const action = loader;
