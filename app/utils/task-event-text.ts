import { TASK_STATUS_LABELS } from "~/schemas/task-values";

/**
 * How a task's history reads (the task page and the API's `summary`): one short line per event,
 * from its kind and detail. Pure, so the server and the browser word it alike. Kinds this code
 * does not know yet (a later feature's) still read as something.
 */
export const TASK_EVENT_KINDS = [
  "created",
  "edited",
  "status",
  "assigned",
  "subtask_added",
  "subtask_done",
  "comment_added",
  "review_requested",
  "review_claimed",
  "review_released",
  "review_approved",
  "changes_requested",
  "done_override",
  "review_reminded",
] as const;
export type TaskEventKind = (typeof TASK_EVENT_KINDS)[number];

/** Kinds the product writes itself, with no person behind them: their line is a whole sentence. */
const SYSTEM_EVENT_KINDS: ReadonlySet<string> = new Set<TaskEventKind>(["review_reminded"]);
export const isSystemEvent = (kind: string) => SYSTEM_EVENT_KINDS.has(kind);

/** The fields an edit event names, as people call them. */
export const EDITED_FIELD_LABELS = {
  title: "title",
  description: "description",
  type: "type",
  priority: "priority",
  dueDate: "due date",
  milestone: "milestone",
} as const;
export type EditedField = keyof typeof EDITED_FIELD_LABELS;

const STATUS_LABELS: Record<string, string> = TASK_STATUS_LABELS;

type Detail = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const quoted = (value: unknown, none: string) => {
  const text = str(value);
  return text === null ? none : `"${text}"`;
};

function editedText(detail: Detail): string {
  const field = str(detail.field) as EditedField | null;
  const label = (field && EDITED_FIELD_LABELS[field]) ?? "a field";
  // A description is too long for one line of history: say that it changed.
  if (field === "description") return "changed the description";
  const none = field === "dueDate" ? "no due date" : field === "milestone" ? "no milestone" : "nothing";
  return `changed the ${label} from ${quoted(detail.from, none)} to ${quoted(detail.to, none)}`;
}

export function describeTaskEvent(kind: string, detail: Detail): string {
  switch (kind) {
    case "created":
      return "created the task";
    case "edited":
      return editedText(detail);
    case "status":
      return `moved it from ${STATUS_LABELS[String(detail.from)] ?? "?"} to ${STATUS_LABELS[String(detail.to)] ?? "?"}`;
    case "assigned": {
      const to = str(detail.toName);
      const from = str(detail.fromName);
      if (!to) return from ? `unassigned ${from}` : "left it unassigned";
      return from ? `reassigned it from ${from} to ${to}` : `assigned it to ${to}`;
    }
    case "subtask_added":
      return `added the subtask ${quoted(detail.title, "(untitled)")}`;
    case "subtask_done":
      return `checked off the subtask ${quoted(detail.title, "(untitled)")}`;
    case "comment_added":
      return "commented";
    case "review_requested":
      return Number(detail.round) > 1
        ? `requested a review again (round ${Number(detail.round)})`
        : "requested a review";
    case "review_claimed":
      return "claimed the review";
    case "review_released":
      return "released the review for another mentor";
    case "review_approved":
      return "approved the review";
    case "changes_requested":
      return str(detail.comment) ? `asked for changes: ${quoted(detail.comment, "")}` : "asked for changes";
    case "done_override":
      return "marked it done while its review was open (admin override)";
    case "review_reminded": {
      const days = Number(detail.days) || 2;
      return Number(detail.reminded) > 0
        ? `Mentors were reminded of the review request, unclaimed for ${days} days`
        : `The review request has waited ${days} days, with no other mentor or admin to remind`;
    }
    default:
      return kind.replace(/_/g, " ");
  }
}
