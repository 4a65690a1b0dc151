import { getProfile, parseProfileRole } from "~/models/profile-view.server";
import { apiRoute, requireIdParam } from "~/http/api.server";

/** GET /api/users/public/{role}/{id}/profile: the public variant, no token (an email only if made public). */
export const loader = apiRoute({
  GET: async ({ params }) => {
    const role = parseProfileRole(params.role);
    return Response.json(await getProfile(requireIdParam(params, "id"), { role, viewer: null }));
  },
});
export const action = loader;
