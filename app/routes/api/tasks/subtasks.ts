import { addSubtask } from "~/models/subtask.server";
import { apiRoute, readJson, signedIn } from "~/http/api.server";

/**
 * POST /api/tasks/{taskId}/subtasks {title, description, orderIndex}: a subtask at the end of the
 * checklist (orderIndex is always max + 1, whatever is sent); 201 with the subtask.
 */
export const loader = apiRoute({
  POST: signedIn(["taskId"], async ({ user, ids, request }) =>
    Response.json(await addSubtask(user, ids.taskId, await readJson(request)), { status: 201 }),
  ),
});
export const action = loader;
