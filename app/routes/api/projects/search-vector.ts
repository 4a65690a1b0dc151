import { searchProjects } from "~/models/project.server";
import { searchQuerySchema } from "~/schemas/catalogue";
import { apiRoute, parseQuery } from "~/http/api.server";

/** GET /api/projects/search/vector?query=&count=: best matches first (public). */
export const loader = apiRoute({
  GET: async ({ request }) => {
    const { query, count } = parseQuery(request, searchQuerySchema);
    return Response.json({ projects: await searchProjects(query, count) });
  },
});
export const action = loader;
