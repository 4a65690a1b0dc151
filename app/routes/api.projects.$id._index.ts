import type { LoaderFunctionArgs } from "@remix-run/node";
import { getProjectDetail } from "~/models/project.server";
import { apiHandler, methodNotAllowed, requireIdParam } from "~/utils/api.server";

/** GET /api/projects/{id}: a project or template with roles and team (public). */
export const loader = apiHandler(async ({ params }: LoaderFunctionArgs) => {
  return Response.json(await getProjectDetail(requireIdParam(params, "id")));
});

export const action = () => methodNotAllowed(["GET"]);
