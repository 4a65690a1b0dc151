import { z } from "zod";

/** Query parameters of the task dashboard (spec section 2, Temporary task dashboard). */
export const TASK_SORTS = ["priority", "dueDate", "createdAt", "status"] as const;

export const taskBoardQuerySchema = z.object({
  status: z
    .enum(["Todo", "InProgress", "Blocked", "Done"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(TASK_SORTS).default("priority"),
});
export type TaskBoardQuery = z.infer<typeof taskBoardQuerySchema>;
