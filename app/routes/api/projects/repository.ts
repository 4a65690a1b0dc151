import { requireApiProfile } from "~/auth/guards.server";
import { linkRepository } from "~/models/project-lifecycle.server";
import { apiRoute, readJson, requireIdParam } from "~/http/api.server";

/**
 * PUT /api/projects/{id}/repository: links the repository (admins). The old client sent the URL
 * as a bare JSON string; `{ "url": … }` and `{ "repositoryUrl": … }` are accepted as well.
 */
export const loader = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireApiProfile(request);
    const body = await readJson(request);
    const fields =
      typeof body === "object" && body !== null ? (body as { url?: unknown; repositoryUrl?: unknown }) : {};
    const url = typeof body === "string" ? body : (fields.url ?? fields.repositoryUrl);
    return Response.json(await linkRepository(user, requireIdParam(params, "id"), { url }));
  },
});
export const action = loader;
