import { listTemplates } from "~/models/project.server";
import { catalogueFiltersSchema, pagingSchema } from "~/schemas/catalogue";
import { apiRoute, parseQuery } from "~/http/api.server";
import { pagedResponse } from "~/http/paging.server";
import { SHARED_API_HEADERS } from "~/utils/shared-cache";

const querySchema = catalogueFiltersSchema.merge(pagingSchema);

/** GET /api/projects/templates: template projects (public), paged and filterable. */
export const loader = apiRoute({
  GET: async ({ request }) => {
    const { page, pageSize, ...filters } = parseQuery(request, querySchema);
    const result = await listTemplates(filters, { page, pageSize });
    return pagedResponse(request, result, { headers: SHARED_API_HEADERS });
  },
});
export const action = loader;
