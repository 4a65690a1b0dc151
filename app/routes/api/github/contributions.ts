import { requireApiUser } from "~/auth/guards.server";
import { getContributions } from "~/models/github.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/github/projects/{projectId}/contributions: contributors, matched to members. Members only. */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(await getContributions(user, requireIdParam(params, "projectId")));
  },
});
export const action = loader;
