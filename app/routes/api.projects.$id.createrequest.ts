import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { createJoinRequest } from "~/models/join-request.server";
import { apiHandler, methodNotAllowed, readJson, requireIdParam } from "~/utils/api.server";

/** POST /api/projects/{id}/createrequest {requestedRole, message}: ask to join a project. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const projectId = requireIdParam(params, "id");
  const joinRequest = await createJoinRequest(user, projectId, await readJson(request));
  return Response.json(joinRequest, { status: 201 });
});

export const loader = () => methodNotAllowed(["POST"]);
