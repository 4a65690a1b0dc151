import { z } from "zod";
import { requireApiProfile } from "~/auth/guards.server";
import { startFromTemplate } from "~/models/project-lifecycle.server";
import { idSchema } from "~/utils/ids";
import { apiRoute, parseQuery, readJson } from "~/http/api.server";

const querySchema = z.object({ templateId: idSchema });

/** POST /api/projects/start-from-template?templateId= {selectedRole}: answers newProjectId. */
export const loader = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiProfile(request);
    const { templateId } = parseQuery(request, querySchema);
    const created = await startFromTemplate(user, templateId, await readJson(request));
    return Response.json({ ...created, projectId: created.newProjectId }, { status: 201 });
  },
});
export const action = loader;
