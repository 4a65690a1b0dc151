import { getInsights, prepareInsights } from "~/insights/insights.server";
import { insightQuerySchema } from "~/schemas/insights";
import { apiRoute, parseQuery, signedIn } from "~/http/api.server";
import { ForbiddenError } from "~/utils/errors.server";

/**
 * GET /api/users/{userId}/dashboard[?forceRefresh=true][&projectId=]: the caller's own Smart
 * Summary; with forceRefresh=true it first queues a sync of their repositories and marks the
 * summary prepared ('Show me summary'). Nobody reads another person's.
 */
export const loader = apiRoute({
  GET: signedIn(["userId"], async ({ user, ids, request }) => {
    if (ids.userId !== user.userId) throw new ForbiddenError();
    const { projectId, forceRefresh } = parseQuery(request, insightQuerySchema);
    if (forceRefresh) await prepareInsights(user, projectId);
    return Response.json(await getInsights(user, projectId));
  }),
});
export const action = loader;
