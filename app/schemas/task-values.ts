/**
 * A task's statuses, priorities and types with their labels, free of zod so that screens which
 * only show a status (the status chip on the home page) do not ship the validation library.
 */
export const TASK_STATUSES = ["Todo", "InProgress", "Blocked", "Done"] as const;
export const TASK_PRIORITIES = ["Low", "Medium", "High", "Critical"] as const;
export const TASK_TYPES = ["Feature", "Bug", "Design", "Research", "Documentation", "Chore"] as const;

/** One word per state on every screen (status list, chips, groups, toasts, dashboard). */
export const TASK_STATUS_LABELS = {
  Todo: "To Do",
  InProgress: "In Progress",
  Blocked: "Blocked",
  Done: "Completed",
} as const satisfies Record<(typeof TASK_STATUSES)[number], string>;
