import { requireApiUser } from "~/auth/guards.server";
import { requestSync } from "~/models/github.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/**
 * POST /api/github/projects/{projectId}/sync (empty body): queues a sync of the linked repository
 * and answers 202 with the sync status; poll GET …/sync-status. Members only.
 */
export const loader = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const projectId = requireIdParam(params, "projectId");
    await readJson(request);
    return Response.json(await requestSync(user, projectId), { status: 202 });
  },
});
export const action = loader;
