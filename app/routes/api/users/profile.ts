import { authenticateApiRequest, requireApiUser } from "~/auth/guards.server";
import { PROFILE_SAVERS } from "~/models/profile.server";
import { getProfile, parseProfileRole } from "~/models/profile-view.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/**
 * GET /api/users/{role}/{id}/profile: a profile for signed-in callers; the email only for its
 * owner, the admins of projects the person asked to join, or everyone if the person chose so.
 * PUT: create or update your own profile (same schema as the form).
 */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const { user: viewer } = await authenticateApiRequest(request);
    const role = parseProfileRole(params.role);
    const profile = await getProfile(requireIdParam(params, "id"), { role, viewer });
    return Response.json(profile);
  },
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const role = parseProfileRole(params.role);
    const userId = requireIdParam(params, "id");
    return Response.json(await PROFILE_SAVERS[role](user, userId, await readJson(request)));
  },
});
export const action = loader;
