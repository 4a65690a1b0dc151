import { setMilestoneStatus } from "~/models/milestone.server";
import { apiRoute, readJson, signedIn } from "~/http/api.server";

/** PUT /api/milestones/{milestoneId}/status {status}: Planned, Active or Completed, from any. */
export const loader = apiRoute({
  PUT: signedIn(["milestoneId"], async ({ user, ids, request }) =>
    Response.json(await setMilestoneStatus(user, ids.milestoneId, await readJson(request))),
  ),
});
export const action = loader;
