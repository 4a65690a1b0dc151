import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { JOIN_MESSAGE_MAX, joinRequestSchema } from "~/schemas/join-request";
import { FieldErrors, FormMessage } from "./form-fields";

/** Request to Join: a role from the open roles and an optional message (spec section 2). */
export function JoinProjectForm({
  roles,
  lastResult,
}: {
  roles: { name: string; openPositions: number }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "join-project",
    lastResult,
    constraint: getZodConstraint(joinRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: joinRequestSchema }),
  });
  const [length, setLength] = useState(String(fields.message.initialValue ?? "").length);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "join";
  if (roles.length === 0) {
    return (
      <div className="space-y-4">
        <p>No open roles are currently available for this project.</p>
        <button type="button" className="btn-primary" disabled>
          Send Request
        </button>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="join" />
      <FormMessage errors={form.errors} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.requestedRole.id} className="font-medium">
          Role
        </label>
        <select
          {...getSelectProps(fields.requestedRole)}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
        >
          <option value="">Choose a role…</option>
          {roles.map((role) => (
            <option key={role.name} value={role.name}>
              {role.name} ({role.openPositions} open)
            </option>
          ))}
        </select>
        <FieldErrors id={fields.requestedRole.errorId} errors={fields.requestedRole.errors} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.message.id} className="font-medium">
          Message <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-count` })}
          rows={4}
          onInput={(event) => setLength(event.currentTarget.value.length)}
          className="rounded-lg border border-slate-300 px-3 py-2"
          placeholder="Tell the team why you'd like to join and what you can bring."
        />
        <p id={`${fields.message.id}-count`} className="text-right text-sm text-slate-500" aria-live="polite">
          {length}/{JOIN_MESSAGE_MAX}
        </p>
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Sending…" : "Send Request"}
      </button>
    </Form>
  );
}

/** Create New Project from a template: the creator's role when the template has roles. */
export function CreateFromTemplateForm({
  roles,
  lastResult,
}: {
  roles: { name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({ id: "create-from-template", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="create" />
      <p className="text-slate-700">
        You will be set as the project owner and responsible for the initial setup and team management.
      </p>
      <FormMessage errors={form.errors} />
      {roles.length ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.selectedRole.id} className="font-medium">
            Your role
          </label>
          <select
            {...getSelectProps(fields.selectedRole)}
            required
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
          >
            <option value="">Choose a role…</option>
            {roles.map((role) => (
              <option key={role.name} value={role.name}>
                {role.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.selectedRole.errorId} errors={fields.selectedRole.errors} />
        </div>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Creating…" : "Create Project"}
      </button>
    </Form>
  );
}
