import { validateRepositoryUrl } from "~/models/project-lifecycle.server";
import { apiRoute, readJson } from "~/http/api.server";

/** POST /api/github/validate-url {url}: {isValid, message}. Needs no sign-in; stores nothing. */
export const loader = apiRoute({
  POST: async ({ request }) => {
    const body = (await readJson(request)) as { url?: unknown };
    return Response.json(validateRepositoryUrl(body?.url));
  },
});
export const action = loader;
