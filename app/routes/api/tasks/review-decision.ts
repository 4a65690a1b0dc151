import { decideReview } from "~/models/task-review.server";
import { apiRoute, readJson, signedIn } from "~/http/api.server";

/** POST /api/tasks/{taskId}/reviews/decision {decision: approve|changes, comment}: the claimer decides. */
export const loader = apiRoute({
  POST: signedIn(["taskId"], async ({ user, ids, request }) =>
    Response.json(await decideReview(user, ids.taskId, await readJson(request))),
  ),
});
export const action = loader;
