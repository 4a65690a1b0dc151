import { requireApiUser } from "~/auth/guards.server";
import { getGitHubStats } from "~/models/github.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/github/projects/{projectId}/stats: open pull requests and totals. Members only. */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(await getGitHubStats(user, requireIdParam(params, "projectId")));
  },
});
export const action = loader;
