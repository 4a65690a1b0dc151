import { authenticateApiRequest } from "~/auth/guards.server";
import { ensureUser } from "~/models/user.server";
import { apiRoute } from "~/http/api.server";

/** POST /api/users/me/ensure: creates the caller's user on first call; says whether it is new. */
export const loader = apiRoute({
  POST: async ({ request }) => {
    const caller = await authenticateApiRequest(request);
    const user = caller.identity ? await ensureUser(caller.identity) : caller.user!;
    return Response.json({ userId: user.userId, isNewUser: user.isNewUser });
  },
});
export const action = loader;
