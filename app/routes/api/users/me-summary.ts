import { getInsights } from "~/insights/insights.server";
import { insightQuerySchema } from "~/schemas/insights";
import { apiRoute, parseQuery, signedIn } from "~/http/api.server";

/** GET /api/users/me/summary[?projectId=]: the caller's Smart Summary data (spec section 3). */
export const loader = apiRoute({
  GET: signedIn([], async ({ user, request }) => {
    const { projectId } = parseQuery(request, insightQuerySchema);
    return Response.json(await getInsights(user, projectId));
  }),
});
export const action = loader;
