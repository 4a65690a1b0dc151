import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { startProject } from "~/models/project-lifecycle.server";
import { apiHandler, methodNotAllowed, requireIdParam } from "~/utils/api.server";

/** POST /api/projects/{id}/start: Pending becomes InProgress (admins). */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  return Response.json(await startProject(user, requireIdParam(params, "id")));
});

export const loader = () => methodNotAllowed(["POST"]);
