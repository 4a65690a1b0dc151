import { deleteMilestone, getMilestone, updateMilestone } from "~/models/milestone.server";
import { apiRoute, noContent, readJson, signedIn } from "~/http/api.server";

/**
 * /api/milestones/{milestoneId}: GET it; PUT {title, description, targetDateUtc} (the create
 * form's rules) and get it back; DELETE it, its tasks stay without a milestone, 204.
 */
export const loader = apiRoute({
  GET: signedIn(["milestoneId"], async ({ user, ids }) => Response.json(await getMilestone(user, ids.milestoneId))),
  PUT: signedIn(["milestoneId"], async ({ user, ids, request }) =>
    Response.json(await updateMilestone(user, ids.milestoneId, await readJson(request))),
  ),
  DELETE: signedIn(["milestoneId"], async ({ user, ids }) => {
    await deleteMilestone(user, ids.milestoneId);
    return noContent();
  }),
});
export const action = loader;
