import { releaseReview } from "~/models/task-review.server";
import { apiRoute, signedIn } from "~/http/api.server";

/** POST /api/tasks/{taskId}/reviews/release: the claimer hands the request back to the mentors. */
export const loader = apiRoute({
  POST: signedIn(["taskId"], async ({ user, ids }) => Response.json(await releaseReview(user, ids.taskId))),
});
export const action = loader;
