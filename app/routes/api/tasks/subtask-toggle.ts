import { toggleSubtask } from "~/models/subtask.server";
import { subtaskToggleSchema } from "~/schemas/task";
import { apiRoute, readJson, signedIn } from "~/http/api.server";
import { parseOrThrow } from "~/utils/validation.server";

/**
 * PUT /api/tasks/{taskId}/subtasks/{subtaskId}/toggle: flips isDone (or sets it to an optional
 * {isDone}); returns the subtask.
 */
export const loader = apiRoute({
  PUT: signedIn(["taskId", "subtaskId"], async ({ user, ids, request }) => {
    const { isDone } = parseOrThrow(subtaskToggleSchema, await readJson(request));
    return Response.json(await toggleSubtask(user, ids.taskId, ids.subtaskId, isDone));
  }),
});
export const action = loader;
