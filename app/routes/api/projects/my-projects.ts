import { requireApiUser } from "~/auth/guards.server";
import { listMyProjects } from "~/models/my-projects.server";
import { apiRoute } from "~/http/api.server";

/** GET /api/projects/user/me: the caller's projects, with pending requests as Requested. */
export const loader = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(await listMyProjects(user.userId));
  },
});
export const action = loader;
