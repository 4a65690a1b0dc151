import { requireApiProfile } from "~/auth/guards.server";
import { decideJoinRequest } from "~/models/join-request.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/** POST /api/projects/{projectId}/join-requests/{requestId}/decision {isApproved, reason}. */
export const loader = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiProfile(request);
    const projectId = requireIdParam(params, "projectId");
    const requestId = requireIdParam(params, "requestId");
    return Response.json(await decideJoinRequest(user, projectId, requestId, await readJson(request)));
  },
});
export const action = loader;
