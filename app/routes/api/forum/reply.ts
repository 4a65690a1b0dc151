import { requireApiUser } from "~/auth/guards.server";
import { deleteReply, editReply } from "~/models/forum.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/**
 * /api/forum/replies/{replyId}: PUT {content} edits your own reply and returns it; DELETE removes
 * it (its author or a project admin), 204.
 */
export const loader = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const replyId = requireIdParam(params, "replyId");
    return Response.json(await editReply(user, replyId, await readJson(request)));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const replyId = requireIdParam(params, "replyId");
    await deleteReply(user, replyId);
    return new Response(null, { status: 204 });
  },
});
export const action = loader;
