import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchProjects } from "~/models/project.server";
import { searchQuerySchema } from "~/schemas/catalogue";
import { apiHandler, methodNotAllowed, parseQuery } from "~/utils/api.server";

/** GET /api/projects/search/vector?query=&count=: best matches first (public). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { query, count } = parseQuery(request, searchQuerySchema);
  return Response.json({ projects: await searchProjects(query, count) });
});

export const action = () => methodNotAllowed(["GET"]);
