import { z } from "zod";
import { idSchema } from "~/utils/ids";
import { TASK_PRIORITIES, TASK_TYPES } from "./task-values";
import { CONTROL_CHARACTERS } from "./text";

/** Query parameters of the task dashboard (spec section 2, Temporary task dashboard). */
export const TASK_SORTS = ["priority", "dueDate", "createdAt", "status"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

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

/** The spec's sortBy values (named after the JSON fields) as the dashboard's sorts. */
const SORT_BY = { CreatedAtUtc: "createdAt", Priority: "priority", DueAtUtc: "dueDate", Status: "status" } as const;

/**
 * The API's task lists (spec section 7): GET /api/projects/{id}/tasks/my-tasks (includeCompleted
 * defaults to false) and /board (true), with the spec's includeCompleted and sortBy, and the
 * dashboard's status, sort, page and pageSize, and the board's filters (assignee, milestoneId,
 * priority, type, q). A page holds up to 500 tasks, 100 by default.
 */
export function taskListApiQueryFields(includeCompletedByDefault: boolean) {
  return taskBoardQuerySchema.extend({
    includeCompleted: z
      .enum(["true", "false"], { message: "Use true or false." })
      .optional()
      .transform((value) => (value === undefined ? includeCompletedByDefault : value === "true")),
    sortBy: z.enum(Object.keys(SORT_BY) as [keyof typeof SORT_BY]).optional(),
    sort: z.enum(TASK_SORTS).optional(),
    pageSize: z.coerce.number().int().min(1).max(500).default(100),
    ...taskFilterFields,
  });
}

/** The query above, with sortBy folded into sort and the board's filters together (what the routes read). */
export function taskListApiQuerySchema(includeCompletedByDefault: boolean) {
  return taskListApiQueryFields(includeCompletedByDefault).transform(
    ({ sortBy, sort, assignee, milestoneId, priority, type, q, ...rest }) => ({
      ...rest,
      sort: sortBy ? SORT_BY[sortBy] : (sort ?? "priority"),
      filters: { assignee, milestoneId, priority, type, q },
    }),
  );
}

/**
 * The board's filters (work page and GET …/tasks/board): whose tasks (me, anyone, unassigned),
 * milestone, priority, type, and words of the title. The page reads them from its address and
 * drops a value it cannot use; the API refuses one (400).
 */
export const TASK_ASSIGNEE_FILTERS = ["me", "anyone", "unassigned"] as const;
export type TaskAssigneeFilter = (typeof TASK_ASSIGNEE_FILTERS)[number];
export const TASK_SEARCH_MAX = 200;

const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);

export const taskFilterFields = {
  assignee: z.preprocess(blankIsAbsent, z.enum(TASK_ASSIGNEE_FILTERS).optional()),
  milestoneId: z.preprocess(blankIsAbsent, idSchema.optional()),
  priority: z.preprocess(blankIsAbsent, z.enum(TASK_PRIORITIES).optional()),
  type: z.preprocess(blankIsAbsent, z.enum(TASK_TYPES).optional()),
  q: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .max(TASK_SEARCH_MAX, `Search with at most ${TASK_SEARCH_MAX} characters.`)
      .transform((value) => value.replace(CONTROL_CHARACTERS, "").trim() || undefined)
      .optional(),
  ),
};
export const taskFilterSchema = z.object(taskFilterFields);
export type TaskFilters = z.infer<typeof taskFilterSchema>;

/** The same filters, each one that does not parse left out (a shared address never breaks the page). */
export function lenientTaskFilters(search: URLSearchParams): TaskFilters {
  const filters: TaskFilters = {};
  for (const key of Object.keys(taskFilterFields) as (keyof TaskFilters)[]) {
    const parsed = taskFilterFields[key].safeParse(search.get(key) ?? undefined);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: parsed.data });
  }
  return filters;
}
