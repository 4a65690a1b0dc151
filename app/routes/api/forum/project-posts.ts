import { requireApiUser } from "~/auth/guards.server";
import { listPosts } from "~/models/forum.server";
import { forumApiQuerySchema } from "~/schemas/forum";
import { apiRoute, parseQuery, requireIdParam } from "~/http/api.server";
import { pagedResponse } from "~/http/paging.server";

/**
 * GET /api/forum/projects/{projectId}/posts?q=&sort=newest|top|replies&page=1&pageSize=10|20:
 * a page of the project's posts with their replies, for members. The body is the array of posts;
 * the total is in X-Total-Count and the neighbouring pages in Link.
 */
export const loader = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const projectId = requireIdParam(params, "projectId");
    const query = parseQuery(request, forumApiQuerySchema);
    return pagedResponse(request, await listPosts(user, projectId, query));
  },
});
export const action = loader;
