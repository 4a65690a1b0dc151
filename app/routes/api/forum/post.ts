import { requireApiUser } from "~/auth/guards.server";
import { deletePost, editPost, getPost } from "~/models/forum.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/**
 * /api/forum/posts/{postId}: GET the post with its replies (members); PUT {content} edits your
 * own post and returns it; DELETE removes it (its author or a project admin), 204.
 */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const postId = requireIdParam(params, "postId");
    return Response.json((await getPost(user, postId)).post);
  },
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const postId = requireIdParam(params, "postId");
    return Response.json(await editPost(user, postId, await readJson(request)));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const postId = requireIdParam(params, "postId");
    await deletePost(user, postId);
    return new Response(null, { status: 204 });
  },
});
export const action = loader;
