import { deleteSubtask, renameSubtask } from "~/models/subtask.server";
import { apiRoute, noContent, readJson, signedIn } from "~/http/api.server";

/** /api/tasks/{taskId}/subtasks/{subtaskId}: PUT {title} renames it and returns it; DELETE, 204. */
export const loader = apiRoute({
  PUT: signedIn(["taskId", "subtaskId"], async ({ user, ids, request }) =>
    Response.json(await renameSubtask(user, ids.taskId, ids.subtaskId, await readJson(request))),
  ),
  DELETE: signedIn(["taskId", "subtaskId"], async ({ user, ids }) => {
    await deleteSubtask(user, ids.taskId, ids.subtaskId);
    return noContent();
  }),
});
export const action = loader;
