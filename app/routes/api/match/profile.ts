import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { matchProjectsForUser } from "~/models/match.server";
import { apiRoute, parseQuery } from "~/http/api.server";
import { ForbiddenError } from "~/utils/errors.server";

const querySchema = z.object({
  userId: z.string().uuid("userId must be a UUID.").optional(),
  count: z.coerce.number().int().min(1).max(50).default(5),
});

/** GET /api/match/profile?userId=&count=: projects picked for the caller's profile, each with why. */
export const loader = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const { userId = user.userId, count } = parseQuery(request, querySchema);
    // A profile's matches say what its owner knows and wants: only the owner asks for them.
    if (userId !== user.userId) throw new ForbiddenError("You can only see your own matches.");
    return Response.json({ projects: await matchProjectsForUser(userId, count) });
  },
});
export const action = loader;
