import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import {
  type AnyField,
  type Choice,
  FormMessage,
  SelectOptions,
  TextAreaField,
  TextField,
} from "~/components/form-fields";
import { newTaskSchema, TASK_PRIORITIES, TASK_TYPES } from "~/schemas/task";
import { SubmitButton } from "~/components/submit-button";

/** What the edit form starts from: the task as it is. */
export interface TaskFormValues {
  title: string;
  description: string;
  priority: string;
  type: string;
  dueAtUtc: string | null;
  milestoneId: string | null;
}

/**
 * Add Task: title (required), description, priority (Medium unless chosen), type, due date,
 * milestone and assignee. Posts `intent=create-task` to the screen it is on. Given `task`, it is
 * the task page's Edit form (`intent=edit-task`, no assignee: that has its own form), checked by
 * the same schema.
 */
export function TaskForm({
  lastResult,
  members,
  milestones,
  defaultAssigneeId,
  action,
  task,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  members: { userId: string; fullName: string }[];
  milestones: { milestoneId: string; title: string }[];
  defaultAssigneeId?: string;
  action?: string;
  task?: TaskFormValues;
}) {
  const navigation = useNavigation();
  const intent = task ? "edit-task" : "create-task";
  // The edit form has no assignee field, so the add schema checks it as the edit schema would.
  const schema = newTaskSchema;
  const [form, fields] = useForm({
    id: intent === "edit-task" ? "edit-task" : "add-task",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: task
      ? {
          title: task.title,
          description: task.description,
          priority: task.priority,
          type: task.type,
          dueDate: task.dueAtUtc?.slice(0, 10),
          milestoneId: task.milestoneId ?? undefined,
        }
      : { priority: "Medium", type: "Feature", assigneeId: defaultAssigneeId },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const milestoneChoices = milestones.map((m) => ({ value: m.milestoneId, label: m.title }));
  const memberChoices = members.map((m) => ({ value: m.userId, label: m.fullName }));
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <FormMessage errors={form.errors} />
      <TextField field={fields.title} label="Title" />
      <TextAreaField field={fields.description} label="Description" rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Picker field={fields.priority} label="Priority" options={TASK_PRIORITIES} />
        <Picker field={fields.type} label="Type" options={TASK_TYPES} />
      </div>
      <TextField field={fields.dueDate} label="Due date" type="date" />
      <div className={`grid gap-4 ${task ? "" : "sm:grid-cols-2"}`}>
        <Picker field={fields.milestoneId} label="Milestone" empty="No milestone" options={milestoneChoices} />
        {task ? null : <Picker field={fields.assigneeId} label="Assignee" empty="Unassigned" options={memberChoices} />}
      </div>
      <SubmitButton busy={saving} busyText="Saving…" className="btn-primary w-full">
        {task ? "Save Task" : "Add Task"}
      </SubmitButton>
    </Form>
  );
}

function Picker({
  field,
  label,
  empty,
  options,
}: {
  field: AnyField;
  label: string;
  /** The "none" choice of an optional field. */
  empty?: string;
  options: readonly Choice[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="font-medium text-slate-800">
        {label}
        {empty ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={(field.initialValue as string | undefined) ?? ""}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
      >
        <SelectOptions empty={empty} options={options} />
      </select>
      {field.errors ? <p className="text-sm text-red-700">{field.errors.join(" ")}</p> : null}
    </div>
  );
}
