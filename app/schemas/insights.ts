import { z } from "zod";
import { idSchema } from "~/utils/ids";

/** The Smart Summary API's query: an optional project, and whether to sync first (the dashboard). */
export const insightQuerySchema = z.object({
  projectId: idSchema.optional(),
  forceRefresh: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
