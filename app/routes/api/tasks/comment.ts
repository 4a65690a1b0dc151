import { deleteComment, editComment } from "~/models/task-comment.server";
import { apiRoute, noContent, readJson, signedIn } from "~/http/api.server";

/**
 * /api/tasks/{taskId}/comments/{commentId}: PUT {content} edits your own comment and returns it;
 * DELETE removes it (its author or a project admin), 204.
 */
export const loader = apiRoute({
  PUT: signedIn(["taskId", "commentId"], async ({ user, ids, request }) =>
    Response.json(await editComment(user, ids.taskId, ids.commentId, await readJson(request))),
  ),
  DELETE: signedIn(["taskId", "commentId"], async ({ user, ids }) => {
    await deleteComment(user, ids.taskId, ids.commentId);
    return noContent();
  }),
});
export const action = loader;
