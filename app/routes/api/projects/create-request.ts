import { requireApiProfile } from "~/auth/guards.server";
import { createJoinRequest } from "~/models/join-request.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/** POST /api/projects/{id}/createrequest {requestedRole, message}: ask to join a project. */
export const loader = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiProfile(request);
    const projectId = requireIdParam(params, "id");
    const joinRequest = await createJoinRequest(user, projectId, await readJson(request));
    return Response.json(joinRequest, { status: 201 });
  },
});
export const action = loader;
