import { requireApiUser } from "~/auth/guards.server";
import { getSyncStatus } from "~/models/github.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/github/projects/{projectId}/sync-status: idle, running, completed or failed, with times and error. */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(await getSyncStatus(user, requireIdParam(params, "projectId")), {
      headers: { "Cache-Control": "private, no-store" },
    });
  },
});
export const action = loader;
