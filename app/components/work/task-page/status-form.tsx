import { Form, useLocation } from "@remix-run/react";
import { TASK_STATUS_LABELS, TASK_STATUSES } from "~/schemas/task-values";
import { SmallField } from "~/components/small-field";
import { SubmitButton } from "~/components/submit-button";
import { usePendingIntent } from "~/hooks/use-pending-intent";

/** The status dropdown: with JavaScript a change saves at once; without, a button saves it. */
export function StatusForm({ status, hydrated }: { status: (typeof TASK_STATUSES)[number]; hydrated: boolean }) {
  const saving = usePendingIntent("status");
  // A refused change (a task under review is not done) leaves the status as it was: each landing
  // on the page shows the saved status again, not the one that was refused.
  const { key: landing } = useLocation();
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="status" />
      <SmallField id="task-status" label="Status">
        <select
          id="task-status"
          name="status"
          defaultValue={status}
          key={`${status}-${landing}`}
          onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
        >
          {TASK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {TASK_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </SmallField>
      <SubmitButton busy={saving} busyText="Saving…" className={hydrated ? "sr-only" : "btn-secondary"}>
        Update status
      </SubmitButton>
    </Form>
  );
}
