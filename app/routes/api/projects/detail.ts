import { getProjectDetail } from "~/models/project.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/projects/{id}: a project or template with roles and team (public). */
export const loader = apiRoute({
  GET: async ({ params }) => {
    return Response.json(await getProjectDetail(requireIdParam(params, "id")));
  },
});
export const action = loader;
