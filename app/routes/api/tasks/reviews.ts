import { getTaskReviews, requestReview } from "~/models/task-review.server";
import { apiRoute, readJson, signedIn } from "~/http/api.server";

/**
 * /api/tasks/{taskId}/reviews: GET the task's review rounds, newest first; POST {note?} requests
 * a review (the task's assignee), 201 with the new round. Members of the task's project only.
 */
export const loader = apiRoute({
  GET: signedIn(["taskId"], async ({ user, ids }) => Response.json(await getTaskReviews(user, ids.taskId))),
  POST: signedIn(["taskId"], async ({ user, ids, request }) =>
    Response.json(await requestReview(user, ids.taskId, await readJson(request)), { status: 201 }),
  ),
});
export const action = loader;
