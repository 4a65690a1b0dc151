import { pageTasks } from "~/models/task.server";
import { taskListApiQuerySchema } from "~/schemas/task-board";
import { apiRoute, parseQuery, signedIn } from "~/http/api.server";
import { pagedResponse } from "~/http/paging.server";

/**
 * GET /api/projects/{projectId}/tasks/my-tasks?includeCompleted=false&sortBy=CreatedAtUtc (also
 * status, sort, page, pageSize): the caller's tasks in the project, for members. The body is the
 * array of tasks; the total is in X-Total-Count and the neighbouring pages in Link.
 */
export const loader = apiRoute({
  GET: signedIn(["projectId"], async ({ user, ids, request }) => {
    const query = parseQuery(request, taskListApiQuerySchema(false));
    return pagedResponse(request, await pageTasks(user, ids.projectId, { ...query, scope: "mine" }));
  }),
});
export const action = loader;
