import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useFetcher } from "@remix-run/react";
import type { KeyboardEvent, ReactNode } from "react";
import type { z } from "zod";
import { CancelLink } from "~/components/cancel-link";
import { FieldErrors, TextAreaField } from "~/components/form-fields";
import { editPostSchema, editReplySchema, newPostSchema, newReplySchema } from "~/schemas/forum";
import type { ForumActionData } from "./screen";

type ComposerKind = "post" | "reply" | "edit-post" | "edit-reply";

const COMPOSER: Record<
  ComposerKind,
  { intent: string; schema: z.ZodTypeAny; submit: string; busy: string; rows: number }
> = {
  post: { intent: "create-post", schema: newPostSchema, submit: "Post", busy: "Posting…", rows: 3 },
  reply: { intent: "create-reply", schema: newReplySchema, submit: "Send reply", busy: "Sending…", rows: 2 },
  "edit-post": { intent: "edit-post", schema: editPostSchema, submit: "Save", busy: "Saving…", rows: 4 },
  "edit-reply": { intent: "edit-reply", schema: editReplySchema, submit: "Save", busy: "Saving…", rows: 3 },
};

const SEND_HINT = "Ctrl+Enter (⌘+Enter on a Mac) sends.";

/** One rule for posts, replies and edits: Ctrl/Cmd+Enter sends, Enter starts a new line. */
function sendOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  if (!event.ctrlKey && !event.metaKey) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

/**
 * A post or reply composer, or an editor. New posts and replies go through a fetcher (the list
 * updates in place and the composer empties); edits navigate, so the page leaves its edit step.
 */
export function ForumComposer({
  kind,
  formId,
  label,
  hidden,
  defaultContent,
  placeholder,
  actionData,
  hydrated,
  cancelHref,
}: {
  kind: ComposerKind;
  formId: string;
  label: ReactNode;
  hidden: Record<string, string>;
  defaultContent?: string;
  placeholder?: string;
  actionData?: ForumActionData | null;
  hydrated: boolean;
  cancelHref?: string;
}) {
  const config = COMPOSER[kind];
  const inPlace = kind === "post" || kind === "reply";
  const fetcher = useFetcher<ForumActionData>({ key: formId });
  const answer = inPlace && fetcher.data?.formId === formId ? fetcher.data : actionData;
  const lastResult = answer?.formId === formId ? answer.result : undefined;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(config.schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { content: defaultContent ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: config.schema }),
  });
  const busy = inPlace && fetcher.state === "submitting";
  const FormElement = inPlace ? fetcher.Form : Form;

  return (
    <FormElement method="post" preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value={config.intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {inPlace && hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <TextAreaField
        field={fields.content}
        label={label}
        rows={config.rows}
        hint={hydrated ? SEND_HINT : undefined}
        textareaProps={{ placeholder, onKeyDown: hydrated ? sendOnCtrlEnter : undefined }}
      />
      <FieldErrors id={`${formId}-form-error`} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? config.busy : config.submit}
        </button>
        {cancelHref ? <CancelLink to={cancelHref} preventScrollReset /> : null}
      </div>
    </FormElement>
  );
}
