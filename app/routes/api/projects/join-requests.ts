import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { listJoinRequests } from "~/models/join-request.server";
import { apiRoute, parseQuery, requireIdParam } from "~/http/api.server";

const querySchema = z.object({
  status: z.enum(["Pending", "Approved", "Rejected", "Cancelled", "Expired"]).default("Pending"),
});

/** GET /api/projects/{id}/join-requests?status=Pending: a project's requests, for its admins. */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const projectId = requireIdParam(params, "id");
    const { status } = parseQuery(request, querySchema);
    return Response.json(await listJoinRequests(user, projectId, status));
  },
});
export const action = loader;
