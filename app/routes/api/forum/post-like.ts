import { requireApiUser } from "~/auth/guards.server";
import { likePost } from "~/models/forum.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/**
 * POST /api/forum/posts/{postId}/like: toggles your like (spec section 4); an optional
 * {liked: true|false} sets that state instead. Returns the updated post.
 */
export const loader = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const postId = requireIdParam(params, "postId");
    return Response.json(await likePost(user, postId, await readJson(request)));
  },
});
export const action = loader;
