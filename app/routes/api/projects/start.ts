import { requireApiProfile } from "~/auth/guards.server";
import { startProject } from "~/models/project-lifecycle.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** POST /api/projects/{id}/start: Pending becomes InProgress (admins). */
export const loader = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiProfile(request);
    return Response.json(await startProject(user, requireIdParam(params, "id")));
  },
});
export const action = loader;
