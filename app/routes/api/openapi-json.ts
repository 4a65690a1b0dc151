import { openApiDocument } from "~/api-contract/document.server";
import { apiRoute } from "~/http/api.server";

/** GET /api/openapi.json: the API's OpenAPI 3.1 document (public; it changes only with a release). */
export const loader = apiRoute({
  GET: async () =>
    Response.json(openApiDocument(), {
      headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600" },
    }),
});
export const action = loader;
