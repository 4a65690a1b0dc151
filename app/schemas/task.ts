import { z, type ZodString } from "zod";
import { idSchema } from "~/utils/ids";
import { text } from "./text";
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from "./task-values";

// Re-exported so forms and actions keep one import; zod-free screens import ./task-values.
export { TASK_PRIORITIES, TASK_STATUS_LABELS, TASK_STATUSES, TASK_TYPES } from "./task-values";

/** Tasks and subtasks (spec sections 3-5): one schema per operation, for its form, action and API route. */
export const TITLE_REQUIRED = "Title is required";

/** A calendar date (YYYY-MM-DD, from a date input) or an ISO timestamp (from the API). */
export const dateInput = text((s) => s.trim())
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value), "Enter a date as YYYY-MM-DD.")
  .refine(isRealDate, "Enter a real date.");

/** A day on the calendar (`Date` would roll 30 February into March) and a time on the clock. */
function isRealDate(value: string): boolean {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)?.map(Number) ?? [];
  if (!year || !month || !day || month > 12) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  const time = value.slice(10);
  if (time && !/^T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/.test(time))
    return false;
  return !Number.isNaN(new Date(value).getTime());
}

/*
 * conform turns an empty form field into "not given" before these schemas see it; JSON may say
 * null. So required text says its message for both, and optional fields take null as absent.
 */
export const required = (message: string, build?: (schema: ZodString) => ZodString) =>
  text(build, { required_error: message, invalid_type_error: message });
export const optionalText = (max: number, message: string) =>
  text((s) => s.trim().max(max, message))
    .nullish()
    .transform((value) => value ?? "");

const title = required(TITLE_REQUIRED, (s) =>
  s.trim().min(1, TITLE_REQUIRED).max(200, "Keep the title under 200 characters."),
);

export const taskFields = {
  title,
  description: optionalText(5000, "Keep the description under 5000 characters."),
  priority: z
    .enum(TASK_PRIORITIES)
    .nullish()
    .transform((value) => value ?? "Medium"),
  type: z
    .enum(TASK_TYPES)
    .nullish()
    .transform((value) => value ?? "Feature"),
  /** Form name dueDate; the API also takes the spec's dueAtUtc (see taskInputFromJson). */
  dueDate: dateInput.nullish().transform((value) => value ?? undefined),
  milestoneId: idSchema.nullish().transform((value) => value ?? undefined),
  assigneeId: idSchema.nullish().transform((value) => value ?? undefined),
};

/** Add Task (work page, task dashboard, POST /api/projects/{id}/tasks). */
export const newTaskSchema = z.object(taskFields);
export type NewTaskInput = z.infer<typeof newTaskSchema>;

/** PUT /api/tasks/{id}: any of the fields, and the status; null clears a due date, milestone or assignee. */
export const taskUpdateSchema = z
  .object({
    title: title.optional(),
    description: text((s) => s.trim().max(5000, "Keep the description under 5000 characters.")).optional(),
    priority: z.enum(TASK_PRIORITIES).optional(),
    type: z.enum(TASK_TYPES).optional(),
    status: z.enum(TASK_STATUSES).optional(),
    dueDate: dateInput.nullable().optional(),
    milestoneId: idSchema.nullable().optional(),
    assigneeId: idSchema.nullable().optional(),
    /** An admin marks the task done although its review is open (recorded as its own event). */
    overrideReview: z.boolean().optional(),
  })
  .strict();
export type TaskUpdateInput = z.infer<typeof taskUpdateSchema>;

/**
 * Editing a task from its page: the creation form's own fields (one validation for both), less
 * the assignee, which has its own form. An empty due date or milestone clears it.
 */
export const editTaskSchema = newTaskSchema.omit({ assigneeId: true });
export type EditTaskInput = z.infer<typeof editTaskSchema>;

/** Assigning, reassigning or unassigning a task: a member's id, or nothing for Unassigned. */
export const assignTaskSchema = newTaskSchema.pick({ assigneeId: true });

export const taskStatusSchema = z.object({
  status: z.enum(TASK_STATUSES, { message: "Choose a status." }),
  // A form's checkbox or hidden field says "true"; the API says true.
  overrideReview: z.union([z.boolean(), z.literal("true").transform(() => true)]).optional(),
});

/** The spec's JSON names (dueAtUtc) mapped to the form's (dueDate). */
export function taskInputFromJson(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const { dueAtUtc, ...rest } = body as Record<string, unknown>;
  return dueAtUtc === undefined ? rest : { ...rest, dueDate: dueAtUtc };
}

export const SUBTASK_TITLE_REQUIRED = "Subtask title is required";

const subtaskTitle = required(SUBTASK_TITLE_REQUIRED, (s) =>
  s.trim().min(1, SUBTASK_TITLE_REQUIRED).max(200, "Keep the subtask under 200 characters."),
);

/** POST /api/tasks/{id}/subtasks {title, description, orderIndex}; orderIndex is always max + 1. */
export const newSubtaskSchema = z.object({
  title: subtaskTitle,
  description: optionalText(1000, "Keep the description under 1000 characters."),
  orderIndex: z.unknown().optional(),
});

/** PUT /api/tasks/{id}/subtasks/{subtaskId} {title}. */
export const subtaskRenameSchema = z.object({ title: subtaskTitle });

/** PUT /api/tasks/{id}/subtasks/{subtaskId}/toggle: no body flips isDone; {isDone} sets it. */
export const subtaskToggleSchema = z
  .object({ isDone: z.boolean({ invalid_type_error: "isDone must be true or false." }).optional() })
  .strict();
