import { listOpenProjects } from "~/models/project.server";
import { catalogueFiltersSchema, pagingSchema } from "~/schemas/catalogue";
import { apiRoute, parseQuery } from "~/http/api.server";
import { pagedResponse } from "~/http/paging.server";
import { SHARED_API_HEADERS } from "~/utils/shared-cache";

const querySchema = catalogueFiltersSchema.merge(pagingSchema);

/** GET /api/projects/active: running projects open for joining (public), paged and filterable. */
export const loader = apiRoute({
  GET: async ({ request }) => {
    const { page, pageSize, ...filters } = parseQuery(request, querySchema);
    const result = await listOpenProjects(filters, { page, pageSize });
    return pagedResponse(request, result, { headers: SHARED_API_HEADERS });
  },
});
export const action = loader;
