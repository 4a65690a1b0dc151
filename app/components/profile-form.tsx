import {
  type DefaultValue,
  FormProvider,
  getFormProps,
  type FormMetadata,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { z, ZodTypeAny } from "zod";

/**
 * conform wired the same way for every profile form: errors after a field is left or after the
 * server refused (the route's action is handleProfileForm), cleared as soon as the field is valid.
 */
export function useProfileForm<Schema extends ZodTypeAny>(
  id: string,
  schema: Schema,
  defaultValue: DefaultValue<z.input<Schema>>,
) {
  const refused = useActionData<{ result?: SubmissionResult<string[]> }>();
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: refused?.result,
    constraint: constraintOf(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The fields' constraints, with `required` meaning what the form says: a field is required when
 * the schema refuses it left empty. (getZodConstraint calls every preprocessed list required, so
 * optional lists such as Tools did not say '(optional)' while optional links did.)
 */
export function constraintOf(schema: ZodTypeAny) {
  // A copy: getZodConstraint answers through a proxy that ignores writes.
  const constraint = { ...getZodConstraint(schema) };
  // Not `instanceof`: the test runner may load a second copy of zod.
  const shape: Record<string, ZodTypeAny> = (schema as Partial<z.AnyZodObject>).shape ?? {};
  for (const [name, field] of Object.entries(shape)) {
    const current = constraint[name];
    if (current) constraint[name] = { ...current, required: !field.safeParse(undefined).success };
  }
  return constraint;
}

/**
 * The frame of the three profile forms: title, sections, the form-level message and the submit
 * button. With JavaScript the button waits until every rule holds and shows 'Creating
 * Profile...' while saving; without it the server checks everything.
 */
export function ProfileForm<Schema extends Record<string, unknown>>({
  form,
  schema,
  title,
  subtitle,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  schema: ZodTypeAny;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [complete, setComplete] = useState(false);
  const [missing, setMissing] = useState<FieldProblem[]>([]);
  const check = () => {
    const element = formRef.current;
    if (!element) return;
    const submission = parseWithZod(new FormData(element), { schema });
    setComplete(submission.status === "success");
    setMissing(submission.status === "success" ? [] : problemsOf(element, form.id, submission.error ?? {}));
  };
  useEffect(() => {
    setHydrated(true);
    check();
    // Chips change hidden inputs without input events; re-check when the DOM changes.
    const observer = new MutationObserver(check);
    if (formRef.current) observer.observe(formRef.current, { childList: true, subtree: true });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{subtitle}</p>
      <FormProvider context={form.context}>
        <Form
          method="post"
          {...getFormProps(form)}
          ref={formRef}
          onInput={check}
          onChange={check}
          className="mt-8 space-y-8"
          aria-busy={submitting}
        >
          {form.errors?.length ? (
            <div id={form.errorId} role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
              {form.errors.map((error) => (
                <p key={error}>{error}</p>
              ))}
              <ProblemLinks problems={serverProblems(form.id, form.allErrors)} />
            </div>
          ) : null}
          {children}
          <div className="space-y-3">
            {/* The button waits until every rule holds (spec): say what it is waiting for. */}
            {hydrated && !complete && missing.length ? (
              <div
                id={`${form.id}-missing`}
                className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900"
              >
                <p className="font-medium">To create your profile, still needed:</p>
                <ProblemLinks problems={missing} />
              </div>
            ) : null}
            <button
              type="submit"
              className="btn-primary"
              disabled={submitting || (hydrated && !complete)}
              aria-describedby={hydrated && !complete && missing.length ? `${form.id}-missing` : undefined}
            >
              {submitting ? "Creating Profile..." : "Create Profile"}
            </button>
          </div>
        </Form>
      </FormProvider>
    </div>
  );
}

interface FieldProblem {
  id: string;
  message: string;
}

/**
 * The fields the schema still refuses, named by their labels, in the order of the form (the
 * field's own message shows under it once it is touched).
 */
function problemsOf(form: HTMLFormElement, formId: string, errors: Record<string, string[] | null>): FieldProblem[] {
  const order = Array.from(form.querySelectorAll<HTMLElement>("[id]"), (element) => element.id);
  return Object.entries(errors)
    .filter(([name, messages]) => name && messages?.length)
    .map(([name]) => {
      const id = `${formId}-${name}`;
      const target = document.getElementById(id);
      const label = form.querySelector(`label[for="${id}"]`) ?? target?.querySelector("legend");
      return { id, message: (label?.textContent ?? name).replace(/\s*\(optional\)$/, "") };
    })
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/** The server's refusals per field (no JavaScript, or a rule only the server knows). */
function serverProblems(formId: string, errors: Record<string, string[]>): FieldProblem[] {
  return Object.entries(errors)
    .filter(([name, messages]) => name && messages.length)
    .map(([name, messages]) => ({ id: `${formId}-${name}`, message: messages[0]! }));
}

/**
 * Each problem links to its field (href="#field-id", so it works without JavaScript); with
 * JavaScript the field, or the first control of a group, also gets the focus.
 */
function ProblemLinks({ problems }: { problems: FieldProblem[] }) {
  if (!problems.length) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {problems.map((problem) => (
        <li key={problem.id}>
          <a
            href={`#${problem.id}`}
            className="underline underline-offset-2"
            onClick={(event) => {
              const target = document.getElementById(problem.id);
              const control = target?.matches("input, select, textarea")
                ? target
                : target?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
              if (!control) return;
              event.preventDefault();
              control.focus();
              control.scrollIntoView({ block: "center" });
            }}
          >
            {problem.message}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
