import { authenticateApiRequest } from "~/auth/guards.server";
import { apiRoute } from "~/http/api.server";
import { NotFoundError } from "~/utils/errors.server";

/** GET /api/users/me: the caller; 404 while a token's user has not been ensured yet. */
export const loader = apiRoute({
  GET: async ({ request }) => {
    const { user } = await authenticateApiRequest(request);
    if (!user) throw new NotFoundError("User not found.");
    return Response.json(user);
  },
});
export const action = loader;
