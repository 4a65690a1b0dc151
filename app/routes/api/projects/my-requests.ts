import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { listMyJoinRequests } from "~/models/join-request.server";
import { apiRoute, parseQuery, requireIdParam } from "~/http/api.server";

const querySchema = z.object({
  status: z.enum(["Pending", "Approved", "Rejected", "Cancelled", "Expired"]).optional(),
});

/** GET /api/projects/{id}/myrequests?status=: the caller's own requests for a project. */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const projectId = requireIdParam(params, "id");
    const { status } = parseQuery(request, querySchema);
    return Response.json(await listMyJoinRequests(user, projectId, status));
  },
});
export const action = loader;
