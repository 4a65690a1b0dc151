import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { TextAreaField, TextField } from "~/components/form-fields";
import { newTaskSchema, TASK_PRIORITIES, TASK_TYPES } from "~/schemas/task";

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
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.length ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <TextField field={fields.title} label="Title" />
      <TextAreaField field={fields.description} label="Description" rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Picker
          name={fields.priority.name}
          id={fields.priority.id}
          label="Priority"
          defaultValue={fields.priority.initialValue as string | undefined}
          errors={fields.priority.errors}
          options={TASK_PRIORITIES.map((value) => ({ value, label: value }))}
        />
        <Picker
          name={fields.type.name}
          id={fields.type.id}
          label="Type"
          defaultValue={fields.type.initialValue as string | undefined}
          errors={fields.type.errors}
          options={TASK_TYPES.map((value) => ({ value, label: value }))}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.dueDate.id} className="font-medium text-slate-800">
          Due date <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          type="date"
          id={fields.dueDate.id}
          name={fields.dueDate.name}
          defaultValue={fields.dueDate.initialValue as string | undefined}
          aria-invalid={fields.dueDate.errors ? true : undefined}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
        />
        {fields.dueDate.errors ? <p className="text-sm text-red-700">{fields.dueDate.errors.join(" ")}</p> : null}
      </div>
      <div className={`grid gap-4 ${task ? "" : "sm:grid-cols-2"}`}>
        <Picker
          name={fields.milestoneId.name}
          id={fields.milestoneId.id}
          label="Milestone"
          empty="No milestone"
          defaultValue={fields.milestoneId.initialValue as string | undefined}
          errors={fields.milestoneId.errors}
          options={milestones.map((m) => ({ value: m.milestoneId, label: m.title }))}
        />
        {task ? null : (
          <Picker
            name={fields.assigneeId.name}
            id={fields.assigneeId.id}
            label="Assignee"
            empty="Unassigned"
            defaultValue={fields.assigneeId.initialValue as string | undefined}
            errors={fields.assigneeId.errors}
            options={members.map((m) => ({ value: m.userId, label: m.fullName }))}
          />
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={saving}>
        {saving ? "Saving…" : task ? "Save Task" : "Add Task"}
      </button>
    </Form>
  );
}

function Picker({
  name,
  id,
  label,
  empty,
  options,
  defaultValue,
  errors,
}: {
  name: string;
  id: string;
  label: string;
  /** The "none" choice of an optional field. */
  empty?: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  errors?: string[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
        {empty ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
      >
        {empty ? <option value="">{empty}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errors ? <p className="text-sm text-red-700">{errors.join(" ")}</p> : null}
    </div>
  );
}
