import { requireApiUser } from "~/auth/guards.server";
import { likeReply } from "~/models/forum.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/**
 * POST /api/forum/replies/{replyId}/like: toggles your like; an optional {liked: true|false} sets
 * that state instead. Returns the updated reply.
 */
export const loader = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const replyId = requireIdParam(params, "replyId");
    return Response.json(await likeReply(user, replyId, await readJson(request)));
  },
});
export const action = loader;
