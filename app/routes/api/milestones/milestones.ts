import { createMilestone, listProjectMilestones } from "~/models/milestone.server";
import { milestoneProjectSchema } from "~/schemas/milestone";
import { apiRoute, parseQuery, readJson, signedIn } from "~/http/api.server";
import { parseOrThrow } from "~/utils/validation.server";

/**
 * /api/milestones: GET ?projectId= lists the project's milestones in plan order with tasksCount
 * and doneTasksCount; POST {projectId, title, description, targetDateUtc} (projectId may also be
 * in the query) adds a Planned one, 201. Members only.
 */
export const loader = apiRoute({
  GET: signedIn([], async ({ user, request }) => {
    const { projectId } = parseQuery(request, milestoneProjectSchema);
    return Response.json(await listProjectMilestones(user, projectId));
  }),
  POST: signedIn([], async ({ user, request }) => {
    const body = await readJson(request);
    const fromBody = body && typeof body === "object" ? (body as { projectId?: unknown }).projectId : undefined;
    const { projectId } = parseOrThrow(milestoneProjectSchema, {
      projectId: fromBody ?? new URL(request.url).searchParams.get("projectId") ?? undefined,
    });
    return Response.json(await createMilestone(user, projectId, body), { status: 201 });
  }),
});
export const action = loader;
