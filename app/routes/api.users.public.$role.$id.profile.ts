import type { LoaderFunctionArgs } from "@remix-run/node";
import { getProfile, parseProfileRole } from "~/models/profile-view.server";
import { apiHandler, requireIdParam } from "~/utils/api.server";

/** GET /api/users/public/{role}/{id}/profile: the public variant, no token, no private fields. */
export const loader = apiHandler(async ({ params }: LoaderFunctionArgs) => {
  const role = parseProfileRole(params.role);
  return Response.json(await getProfile(requireIdParam(params, "id"), { role, includePrivate: false }));
});
