import { addComment, listTaskComments } from "~/models/task-comment.server";
import { teamworkPageQuerySchema } from "~/schemas/task-comment";
import { apiRoute, parseQuery, readJson, signedIn } from "~/http/api.server";
import { pagedResponse } from "~/http/paging.server";

/**
 * /api/tasks/{taskId}/comments: GET a page of the task's comments, oldest first (page, pageSize;
 * total in X-Total-Count); POST {content} adds one, 201. Members of the task's project only.
 */
export const loader = apiRoute({
  GET: signedIn(["taskId"], async ({ user, ids, request }) => {
    const paging = parseQuery(request, teamworkPageQuerySchema);
    return pagedResponse(request, await listTaskComments(user, ids.taskId, paging));
  }),
  POST: signedIn(["taskId"], async ({ user, ids, request }) =>
    Response.json(await addComment(user, ids.taskId, await readJson(request)), { status: 201 }),
  ),
});
export const action = loader;
