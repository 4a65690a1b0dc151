import { requireApiUser } from "~/auth/guards.server";
import { getRepository } from "~/models/github.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/github/projects/{projectId}/repository: the linked repository as last synced. Members only. */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(await getRepository(user, requireIdParam(params, "projectId")));
  },
});
export const action = loader;
