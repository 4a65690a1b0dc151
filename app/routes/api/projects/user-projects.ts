import { requireApiUser } from "~/auth/guards.server";
import { listMyProjects, listProjectsOfUser } from "~/models/my-projects.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/projects/user/{id}: your own list in full; someone else's memberships only. */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const userId = requireIdParam(params, "id");
    if (userId === user.userId) return Response.json(await listMyProjects(userId));
    return Response.json(await listProjectsOfUser(user, userId));
  },
});
export const action = loader;
