import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormMessage, TextAreaField, TextField } from "~/components/form-fields";
import { StatusChip } from "~/components/status-chip";
import type { Milestone, MilestoneTask } from "~/models/milestone.server";
import { MILESTONE_STATUSES, milestoneSchema } from "~/schemas/milestone";
import { DateText } from "~/components/date-time";
import { SubmitButton } from "~/components/submit-button";

/** The Milestones tab: a summary, then columns Planned, Active, Completed. */
export function MilestoneBoard({
  milestones,
  tasks: taskLists,
  hrefFor,
  boardHref,
  taskHref,
}: {
  milestones: Milestone[];
  /** Each milestone's first tasks, by milestone id. */
  tasks: Record<string, MilestoneTask[]>;
  hrefFor: (extra: string) => string;
  /** The task board filtered to one milestone. */
  boardHref: (milestoneId: string) => string;
  taskHref: (taskId: string) => string;
}) {
  const byStatus = (status: Milestone["status"]) => milestones.filter((m) => m.status === status);
  const tasks = milestones.reduce((sum, m) => sum + m.tasksCount, 0);
  const done = milestones.reduce((sum, m) => sum + m.doneTasksCount, 0);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" aria-label="Milestone summary">
          {milestones.length} milestones · {byStatus("Planned").length} planned · {byStatus("Active").length} active ·{" "}
          {byStatus("Completed").length} completed · {done}/{tasks} tasks done
        </p>
        <Link to={hrefFor("dialog=new-milestone")} preventScrollReset className="btn-primary">
          New Milestone
        </Link>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {MILESTONE_STATUSES.map((status) => (
          <section key={status} aria-labelledby={`milestones-${status}`} className="rounded-2xl bg-slate-100 p-3">
            <h3 id={`milestones-${status}`} className="px-1 font-semibold">
              {status} <span className="text-slate-600">({byStatus(status).length})</span>
            </h3>
            <ul className="mt-3 space-y-3">
              {byStatus(status).length === 0 ? (
                <li className="px-1 text-sm text-slate-600">No {status.toLowerCase()} milestones.</li>
              ) : (
                byStatus(status).map((milestone) => (
                  <MilestoneCard
                    key={milestone.milestoneId}
                    milestone={milestone}
                    tasks={taskLists[milestone.milestoneId] ?? []}
                    hrefFor={hrefFor}
                    boardHref={boardHref(milestone.milestoneId)}
                    taskHref={taskHref}
                  />
                ))
              )}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

function MilestoneCard({
  milestone,
  tasks,
  hrefFor,
  boardHref,
  taskHref,
}: {
  milestone: Milestone;
  tasks: MilestoneTask[];
  hrefFor: (extra: string) => string;
  boardHref: string;
  taskHref: (taskId: string) => string;
}) {
  const percent = milestone.tasksCount ? Math.round((milestone.doneTasksCount / milestone.tasksCount) * 100) : 0;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <p className="font-semibold">{milestone.title}</p>
      {milestone.description ? <p className="mt-1 text-sm text-slate-600">{milestone.description}</p> : null}
      <p className="mt-2 text-xs text-slate-600">
        Target <DateText value={milestone.targetDateUtc} />
      </p>
      <div className="mt-2 flex items-center gap-2 text-xs text-slate-600">
        <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <span className="block h-full bg-emerald-500" style={{ width: `${percent}%` }} />
        </span>
        <span aria-label={`Progress of ${milestone.title}`}>
          {milestone.doneTasksCount}/{milestone.tasksCount} tasks · {percent}%
        </span>
      </div>
      {tasks.length ? (
        <ul className="mt-2 space-y-1" aria-label={`Tasks of ${milestone.title}`}>
          {tasks.map((task) => (
            <li key={task.taskId} className="flex items-center justify-between gap-2 text-sm">
              <Link
                to={taskHref(task.taskId)}
                className="min-w-0 break-words text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere]"
              >
                {task.title}
              </Link>
              <span className="shrink-0 whitespace-nowrap">
                <StatusChip status={task.status} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No tasks in this milestone yet.</p>
      )}
      {milestone.tasksCount > tasks.length ? (
        <Link to={boardHref} className="mt-1 inline-block text-sm font-medium text-brand-700 underline">
          All {milestone.tasksCount} tasks
        </Link>
      ) : null}
      {/* Two tidy rows at every width: the two moves side by side, then Edit and Delete. */}
      <div className="mt-3 grid grid-cols-2 gap-2">
        {MILESTONE_STATUSES.filter((status) => status !== milestone.status).map((status) => (
          <Form method="post" key={status} preventScrollReset className="min-w-0">
            <input type="hidden" name="intent" value="milestone-status" />
            <input type="hidden" name="milestoneId" value={milestone.milestoneId} />
            <input type="hidden" name="status" value={status} />
            <button
              type="submit"
              className="flex min-h-11 w-full flex-col items-center justify-center rounded-lg border border-slate-300 px-2 text-sm leading-tight hover:bg-slate-50"
            >
              <span className="text-xs text-slate-600">Move to</span> {status}
            </button>
          </Form>
        ))}
      </div>
      <div className="mt-1 flex justify-between gap-2">
        <Link
          to={hrefFor(`edit=${milestone.milestoneId}`)}
          preventScrollReset
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
          aria-label={`Edit ${milestone.title}`}
        >
          Edit
        </Link>
        <Link
          to={hrefFor(`delete=${milestone.milestoneId}`)}
          preventScrollReset
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50"
          aria-label={`Delete ${milestone.title}`}
        >
          Delete
        </Link>
      </div>
    </li>
  );
}

/** Create or edit a milestone: title and target date required, the date in the future. */
export function MilestoneForm({
  milestone,
  lastResult,
}: {
  milestone?: Milestone | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const intent = milestone ? "edit-milestone" : "create-milestone";
  const [form, fields] = useForm({
    id: milestone ? `milestone-${milestone.milestoneId}` : "new-milestone",
    lastResult,
    constraint: getZodConstraint(milestoneSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: milestone
      ? {
          title: milestone.title,
          description: milestone.description,
          targetDateUtc: milestone.targetDateUtc.slice(0, 10),
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: milestoneSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {milestone ? <input type="hidden" name="milestoneId" value={milestone.milestoneId} /> : null}
      <FormMessage errors={form.errors} />
      <TextField field={fields.title} label="Title" />
      <TextAreaField field={fields.description} label="Description" rows={3} />
      <TextField field={fields.targetDateUtc} label="Target date" type="date" />
      <SubmitButton busy={saving} busyText="Saving…" className="btn-primary w-full">
        {milestone ? "Save Milestone" : "Create Milestone"}
      </SubmitButton>
    </Form>
  );
}
