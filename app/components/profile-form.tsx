import {
  type DefaultValue,
  FormProvider,
  getFormProps,
  type FormMetadata,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { z, ZodTypeAny } from "zod";

/**
 * conform wired the same way for every profile form: errors after a field is left or after the
 * server refused, cleared as soon as the field is valid.
 */
export function useProfileForm<Schema extends ZodTypeAny>(
  id: string,
  schema: Schema,
  defaultValue: DefaultValue<z.input<Schema>>,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
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
  const check = () => {
    if (formRef.current) {
      setComplete(parseWithZod(new FormData(formRef.current), { schema }).status === "success");
    }
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
            </div>
          ) : null}
          {children}
          <button type="submit" className="btn-primary" disabled={submitting || (hydrated && !complete)}>
            {submitting ? "Creating Profile..." : "Create Profile"}
          </button>
        </Form>
      </FormProvider>
    </div>
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
