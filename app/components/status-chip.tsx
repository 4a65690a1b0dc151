import type { TaskStatus } from "#db/schema";
import { TASK_STATUS_LABELS } from "~/schemas/task-values";

/**
 * A project's state or a task's status as a chip: each has its own colour and its own icon, so it
 * never rests on colour alone (WCAG 1.4.1). Colours keep 4.5:1 text contrast.
 */
export type ProjectChipStatus = "Active" | "Pending" | "Requested" | "Completed" | "Template" | "Rejected" | "Expired";
export type ChipStatus = ProjectChipStatus | TaskStatus;

const CHIPS: Record<ChipStatus, { className: string; icon: string; label?: string }> = {
  // A filled circle: running.
  Active: {
    className: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    icon: "M10 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Z",
  },
  // A clock: waiting to start.
  Pending: {
    className: "bg-amber-50 text-amber-900 ring-amber-200",
    icon: "M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14Zm0 1.6a5.4 5.4 0 1 0 0 10.8 5.4 5.4 0 0 0 0-10.8ZM9.2 6h1.6v3.7l2.6 1.5-.8 1.4-3.4-2Z",
  },
  // An hourglass: asked, not yet answered.
  Requested: {
    className: "bg-sky-50 text-sky-900 ring-sky-200",
    icon: "M5 3h10v2l-3.5 5 3.5 5v2H5v-2l3.5-5L5 5Zm2 2 3 4.2L13 5Z",
  },
  // A cross: a request that was not accepted.
  Rejected: {
    className: "bg-red-50 text-red-800 ring-red-200",
    icon: "M5.8 4.4 10 8.6l4.2-4.2 1.4 1.4-4.2 4.2 4.2 4.2-1.4 1.4-4.2-4.2-4.2 4.2-1.4-1.4 4.2-4.2-4.2-4.2Z",
    label: "Not accepted",
  },
  // An empty hourglass: a request nobody answered in time.
  Expired: {
    className: "bg-slate-100 text-slate-800 ring-slate-300",
    icon: "M5 3h10v2l-3.5 5 3.5 5v2H5v-2l3.5-5L5 5Zm2.4 2 2.6 3.7L12.6 5Zm0 10h5.2L10 11.3Z",
  },
  // A tick: done.
  Completed: {
    className: "bg-slate-100 text-slate-800 ring-slate-300",
    icon: "m4 10.5 1.4-1.4 3.1 3.1 6.1-6.1L16 7.5l-7.5 7.5Z",
  },
  // Two sheets: a copy to start from.
  Template: {
    className: "bg-violet-50 text-violet-800 ring-violet-200",
    icon: "M7 3h8v10H7Zm1.5 1.5v7h5v-7ZM4 6h1.5v9.5H12V17H4Z",
  },
  // Task statuses. An empty ring: not started.
  Todo: {
    className: "bg-slate-100 text-slate-700 ring-slate-300",
    icon: "M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14Zm0 1.8a5.2 5.2 0 1 0 0 10.4 5.2 5.2 0 0 0 0-10.4Z",
    label: TASK_STATUS_LABELS.Todo,
  },
  // A half-filled ring: under way.
  InProgress: {
    className: "bg-sky-50 text-sky-900 ring-sky-200",
    icon: "M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14Zm0 1.8v10.4a5.2 5.2 0 0 0 0-10.4Z",
    label: TASK_STATUS_LABELS.InProgress,
  },
  // A no-entry sign: stuck.
  Blocked: {
    className: "bg-red-50 text-red-800 ring-red-200",
    icon: "M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14ZM6 9v2h8V9Z",
    label: TASK_STATUS_LABELS.Blocked,
  },
  // A tick in a filled circle: finished.
  Done: {
    className: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    icon: "M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14Zm3.4 4.1-4.3 4.3-2-2-1.1 1.1 3.1 3.1 5.4-5.4Z",
    label: TASK_STATUS_LABELS.Done,
  },
};

/** `label` words the status the way the page around it does (the task dashboard says 'To Do'). */
export function StatusChip({ status, label }: { status: ChipStatus; label?: string }) {
  const chip = CHIPS[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${chip.className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 fill-current">
        <path d={chip.icon} />
      </svg>
      {label ?? chip.label ?? status}
    </span>
  );
}
