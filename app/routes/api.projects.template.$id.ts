import type { LoaderFunctionArgs } from "@remix-run/node";
import { getProjectDetail } from "~/models/project.server";
import { apiHandler, methodNotAllowed, requireIdParam } from "~/utils/api.server";

/** GET /api/projects/template/{id}: a template only; a running project's id is 404. */
export const loader = apiHandler(async ({ params }: LoaderFunctionArgs) => {
  return Response.json(await getProjectDetail(requireIdParam(params, "id"), "template"));
});

export const action = () => methodNotAllowed(["GET"]);
