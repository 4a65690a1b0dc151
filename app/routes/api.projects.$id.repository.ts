import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { linkRepository } from "~/models/project-lifecycle.server";
import { apiHandler, methodNotAllowed, readJson, requireIdParam } from "~/utils/api.server";

/**
 * PUT /api/projects/{id}/repository: links the repository (admins). The old client sent the URL
 * as a bare JSON string; `{ "url": … }` and `{ "repositoryUrl": … }` are accepted as well.
 */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const user = await requireApiUser(request);
  const body = await readJson(request);
  const url =
    typeof body === "string"
      ? body
      : ((body as { url?: unknown; repositoryUrl?: unknown }).url ??
        (body as { repositoryUrl?: unknown }).repositoryUrl);
  return Response.json(await linkRepository(user, requireIdParam(params, "id"), { url }));
});

export const loader = () => methodNotAllowed(["PUT"]);
