import { Form, Link } from "@remix-run/react";
import { StatusChip } from "~/components/status-chip";
import { DateText } from "~/components/date-time";
import { Chip, PRIORITY_STYLES } from "~/components/work/task-chips";
import type { TaskDetail } from "~/models/task.server";
import { StatusForm } from "./status-form";
import { SmallField } from "~/components/small-field";
import { SubmitButton } from "~/components/submit-button";
import { usePendingIntent } from "~/hooks/use-pending-intent";

/**
 * The task itself: title, chips, assignee, status, description, and the links that open its
 * Edit form and its delete step (both URL state, so they work without JavaScript).
 */
export function TaskSummary({
  task,
  members,
  canDelete,
  hydrated,
  editHref,
  deleteHref,
}: {
  task: TaskDetail;
  members: { userId: string; fullName: string }[];
  canDelete: boolean;
  hydrated: boolean;
  editHref: string;
  deleteHref: string;
}) {
  return (
    <article className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="min-w-0 break-words text-2xl font-bold [overflow-wrap:anywhere]">{task.title}</h2>
          <div className="flex gap-2">
            <Link to={editHref} preventScrollReset className="btn-secondary" aria-label="Edit task">
              Edit
            </Link>
            {canDelete ? (
              <Link
                to={deleteHref}
                preventScrollReset
                className="btn-secondary border-red-300 text-red-700"
                aria-label="Delete task"
              >
                Delete
              </Link>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusChip status={task.status} />
          <Chip className={PRIORITY_STYLES[task.priority]}>{task.priority} priority</Chip>
          <Chip className="bg-slate-100 text-slate-700">{task.type}</Chip>
          <Chip className="bg-slate-100 text-slate-700">
            {task.dueAtUtc ? (
              <>
                Due <DateText value={task.dueAtUtc} />
              </>
            ) : (
              "No due date"
            )}
          </Chip>
          {task.milestoneTitle ? <Chip className="bg-brand-50 text-brand-700">{task.milestoneTitle}</Chip> : null}
        </div>
        <p className="text-sm text-slate-600">Assignee: {task.assigneeName ?? "Unassigned"}</p>
      </header>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <StatusForm status={task.status} hydrated={hydrated} />
        <AssigneeForm assigneeId={task.assigneeId} members={members} />
      </div>
      <section aria-labelledby="description-title">
        <h3 id="description-title" className="font-semibold">
          Description
        </h3>
        <p className="mt-1 whitespace-pre-line break-words text-slate-700 [overflow-wrap:anywhere]">
          {task.description || "No description"}
        </p>
      </section>
    </article>
  );
}

/** Assign, reassign or unassign: any member of the project. */
function AssigneeForm({
  assigneeId,
  members,
}: {
  assigneeId: string | null;
  members: { userId: string; fullName: string }[];
}) {
  const saving = usePendingIntent("assign");
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="assign" />
      <SmallField id="task-assignee" label="Assignee">
        <select
          id="task-assignee"
          name="assigneeId"
          defaultValue={assigneeId ?? ""}
          key={assigneeId ?? ""}
          className="min-h-11 max-w-[16rem] rounded-lg border border-slate-300 bg-white px-3"
        >
          <option value="">Unassigned</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.fullName}
            </option>
          ))}
        </select>
      </SmallField>
      <SubmitButton busy={saving} busyText="Saving…" className="btn-secondary">
        Assign
      </SubmitButton>
    </Form>
  );
}
