import { requireApiUser } from "~/auth/guards.server";
import { createPost } from "~/models/forum.server";
import { apiRoute, readJson } from "~/http/api.server";

/** POST /api/forum/posts {projectId, content}: a new post (members); 201 with the post. */
export const loader = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(await createPost(user, await readJson(request)), { status: 201 });
  },
});
export const action = loader;
