import { claimReview } from "~/models/task-review.server";
import { apiRoute, signedIn } from "~/http/api.server";

/** POST /api/tasks/{taskId}/reviews/claim: a mentor or admin takes the waiting request; 409 if another has. */
export const loader = apiRoute({
  POST: signedIn(["taskId"], async ({ user, ids }) => Response.json(await claimReview(user, ids.taskId))),
});
export const action = loader;
