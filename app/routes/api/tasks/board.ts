import { pageTasks } from "~/models/task.server";
import { taskListApiQuerySchema } from "~/schemas/task-board";
import { apiRoute, parseQuery, signedIn } from "~/http/api.server";
import { pagedResponse } from "~/http/paging.server";

/**
 * GET /api/projects/{projectId}/tasks/board?includeCompleted=true (and as my-tasks): every task
 * of the project, for members; paged like my-tasks.
 */
export const loader = apiRoute({
  GET: signedIn(["projectId"], async ({ user, ids, request }) => {
    const query = parseQuery(request, taskListApiQuerySchema(true));
    return pagedResponse(request, await pageTasks(user, ids.projectId, { ...query, scope: "all" }));
  }),
});
export const action = loader;
