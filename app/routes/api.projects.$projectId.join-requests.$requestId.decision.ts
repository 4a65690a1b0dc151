import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { decideJoinRequest } from "~/models/join-request.server";
import { apiHandler, methodNotAllowed, readJson, requireIdParam } from "~/utils/api.server";

/** POST /api/projects/{projectId}/join-requests/{requestId}/decision {isApproved, reason}. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const projectId = requireIdParam(params, "projectId");
  const requestId = requireIdParam(params, "requestId");
  return Response.json(await decideJoinRequest(user, projectId, requestId, await readJson(request)));
});

export const loader = () => methodNotAllowed(["POST"]);
