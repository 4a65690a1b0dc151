import { requireApiUser } from "~/auth/guards.server";
import { createReply } from "~/models/forum.server";
import { apiRoute, readJson } from "~/http/api.server";

/** POST /api/forum/replies {postId, content}: a reply to a post (members); 201 with the reply. */
export const loader = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(await createReply(user, await readJson(request)), { status: 201 });
  },
});
export const action = loader;
