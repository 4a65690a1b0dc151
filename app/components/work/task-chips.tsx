import { Link } from "@remix-run/react";
import type { TaskPriority, TaskStatus } from "#db/schema";
import { DateText } from "~/components/date-time";
import { StatusChip } from "~/components/status-chip";
import { reviewChip, type ReviewTurnInput } from "~/utils/review-text";

/**
 * How tasks look wherever they are listed: priority chips, a card that opens the task. A task's
 * status is a StatusChip (its own colour and icon).
 */
export const PRIORITY_STYLES: Record<TaskPriority, string> = {
  Critical: "bg-red-100 text-red-800",
  High: "bg-orange-100 text-orange-800",
  Medium: "bg-amber-50 text-amber-800",
  Low: "bg-slate-100 text-slate-700",
};

export function Chip({ className, children }: { className: string; children: React.ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${className}`}>{children}</span>;
}

export interface TaskCardData {
  taskId: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  type: string;
  dueAtUtc: string | null;
  milestoneTitle: string | null;
  assigneeName: string | null;
  subtaskCount: number;
  completedSubtaskCount: number;
  /** Whose turn the mentor review is, as the viewer reads it ("Review: back to you"). */
  reviewChip: string | null;
}

/**
 * Only what a card shows, so a page of many cards sends the browser no more than it renders.
 * The review chip is worded for the viewer.
 */
export function cardData(
  task: Omit<TaskCardData, "reviewChip"> & {
    assigneeId: string | null;
    review: Omit<ReviewTurnInput, "assigneeId"> | null;
  },
  viewerId: string,
): TaskCardData {
  return {
    reviewChip: reviewChip(task.review && { ...task.review, assigneeId: task.assigneeId }, viewerId),
    taskId: task.taskId,
    title: task.title,
    status: task.status,
    priority: task.priority,
    type: task.type,
    dueAtUtc: task.dueAtUtc,
    milestoneTitle: task.milestoneTitle,
    assigneeName: task.assigneeName,
    subtaskCount: task.subtaskCount,
    completedSubtaskCount: task.completedSubtaskCount,
  };
}

export function TaskCardLink({ task, href }: { task: TaskCardData; href: string }) {
  return (
    <Link
      to={href}
      className="block rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:border-brand-500 focus-visible:border-brand-500"
    >
      <span className="flex flex-wrap items-center gap-1.5">
        <Chip className={PRIORITY_STYLES[task.priority]}>{task.priority}</Chip>
        <Chip className="bg-slate-50 text-slate-600">{task.type}</Chip>
        {task.status === "Done" ? <StatusChip status="Done" /> : null}
        {task.reviewChip ? (
          <Chip
            className={
              task.reviewChip.endsWith("back to you") ? "bg-amber-100 text-amber-900" : "bg-violet-50 text-violet-800"
            }
          >
            {task.reviewChip}
          </Chip>
        ) : null}
      </span>
      <span className="mt-2 block font-semibold text-ink">{task.title}</span>
      <span className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
        {task.dueAtUtc ? (
          <span>
            Due <DateText value={task.dueAtUtc} />
          </span>
        ) : null}
        {task.milestoneTitle ? <span>{task.milestoneTitle}</span> : null}
        {task.subtaskCount ? (
          <span>
            {task.completedSubtaskCount}/{task.subtaskCount} subtasks
          </span>
        ) : null}
        <span>{task.assigneeName ?? "Unassigned"}</span>
      </span>
    </Link>
  );
}
