import { getProjectDetail } from "~/models/project.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/projects/template/{id}: a template only; a running project's id is 404. */
export const loader = apiRoute({
  GET: async ({ params }) => {
    return Response.json(await getProjectDetail(requireIdParam(params, "id"), "template"));
  },
});
export const action = loader;
