import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { repositoryUrlSchema } from "~/schemas/repository";
import { FieldErrors, FormMessage } from "./form-fields";

/** Connect Repository: one URL field, checked as you type; Save waits for a valid address. */
export function RepositoryForm({
  projectId,
  lastResult,
}: {
  projectId: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [valid, setValid] = useState<boolean | null>(null);
  const [form, fields] = useForm({
    id: "connect-repository",
    lastResult,
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: repositoryUrlSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "link-repository";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="link-repository" />
      <input type="hidden" name="projectId" value={projectId} />
      <FormMessage errors={form.errors} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.url.id} className="font-medium">
          Repository URL
        </label>
        <input
          {...getInputProps(fields.url, { type: "url" })}
          onInput={(event) => setValid(repositoryUrlSchema.safeParse({ url: event.currentTarget.value }).success)}
          placeholder="https://github.com/owner/repository"
          className="min-h-11 rounded-lg border border-slate-300 px-3"
        />
        <FieldErrors id={fields.url.errorId} errors={fields.url.errors} />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={saving || valid === false}>
        {saving ? "Saving…" : "Save"}
      </button>
    </Form>
  );
}
