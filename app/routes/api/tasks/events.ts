import { listTaskEvents } from "~/models/task-event.server";
import { teamworkPageQuerySchema } from "~/schemas/task-comment";
import { apiRoute, parseQuery, signedIn } from "~/http/api.server";
import { pagedResponse } from "~/http/paging.server";

/**
 * GET /api/tasks/{taskId}/events: a page of the task's history, newest first (page, pageSize;
 * total in X-Total-Count). Members of the task's project only.
 */
export const loader = apiRoute({
  GET: signedIn(["taskId"], async ({ user, ids, request }) => {
    const paging = parseQuery(request, teamworkPageQuerySchema);
    return pagedResponse(request, await listTaskEvents(user, ids.taskId, paging));
  }),
});
export const action = loader;
