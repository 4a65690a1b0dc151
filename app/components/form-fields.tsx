import {
  type FieldMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useFormMetadata,
} from "@conform-to/react";
import { type ReactNode, type TextareaHTMLAttributes, useEffect, useRef, useState } from "react";

/**
 * Form controls wired to conform: a label, the control, an optional hint and the field's errors,
 * linked for screen readers. Errors show once a field was touched or the server refused it.
 */

/** Fields of any form: the schemas' preprocessed types are not known to conform. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

const controlClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500";

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A form's own message (not one field's), such as the server's refusal. */
export function FormMessage({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
      {errors.join(" ")}
    </p>
  );
}

/** An option's value and the words it shows; a plain string is both. */
export type Choice = string | { value: string; label: string };

/** A select's choices: the "none" choice first when there is one, then each option. */
export function SelectOptions({ empty, options }: { empty?: string; options: readonly Choice[] }) {
  return (
    <>
      {empty ? <option value="">{empty}</option> : null}
      {options.map((option) => {
        const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

function FieldShell({
  field,
  label,
  hint,
  children,
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="font-medium text-slate-800">
        {label}
        {field.required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
      </label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** One checkbox with its label beside it and an optional hint. */
export function CheckboxField({ field, label, hint }: { field: AnyField; label: string; hint?: ReactNode }) {
  const { key, ...props } = getInputProps(field, {
    type: "checkbox",
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input key={key} {...props} className="mt-1 size-5 shrink-0 accent-brand-600" />
        <label htmlFor={field.id} className="font-medium text-slate-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={field.descriptionId} className="pl-8 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextField({
  field,
  label,
  hint,
  type = "text",
  ...rest
}: {
  field: AnyField;
  label: string;
  hint?: ReactNode;
  type?: "text" | "url" | "email" | "number" | "date";
  autoComplete?: string;
  inputMode?: "numeric" | "url" | "email" | "text";
  min?: number;
  max?: number;
}) {
  return (
    <FieldShell field={field} label={label} hint={hint}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined })}
        {...rest}
        className={controlClass}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  field,
  label,
  hint,
  rows = 5,
  textareaProps,
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
  /** Extra attributes for the control (a placeholder, key handling). */
  textareaProps?: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue">;
}) {
  return (
    <FieldShell field={field} label={label} hint={hint}>
      <textarea {...getTextareaProps(field)} rows={rows} {...textareaProps} className={controlClass} />
    </FieldShell>
  );
}

export function SelectField({
  field,
  label,
  options,
  placeholder = "Choose…",
}: {
  field: AnyField;
  label: string;
  options: readonly string[];
  placeholder?: string;
}) {
  return (
    <FieldShell field={field} label={label}>
      <select {...getSelectProps(field)} className={controlClass}>
        <SelectOptions empty={placeholder} options={options} />
      </select>
    </FieldShell>
  );
}

/** Lists longer than this scroll in a box of their own, which says that more options follow. */
const SCROLL_AFTER = 10;

/**
 * Several options from a list. Without JavaScript: a group of checkboxes (a long list scrolls in a
 * box that says so and fades at the cut). With it: a picker that adds one option at a time, hides
 * chosen ones from the list and shows them as removable chips; the choices are submitted the same
 * way, as repeated fields of one name. The picker starts from the boxes as they are when the
 * script arrives, so what was ticked before (on a slow phone) is kept.
 */
export function MultiSelectField({
  field,
  label,
  options,
  hint,
}: {
  field: AnyField;
  label: string;
  options: readonly string[];
  hint?: string;
}) {
  const form = useFormMetadata();
  const initial = toList(field.initialValue);
  const [enhanced, setEnhanced] = useState(false);
  const [chosen, setChosen] = useState<string[]>(initial);
  const checkboxes = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLSelectElement>(null);
  const focusPicker = useRef(false);
  useEffect(() => {
    const list = checkboxes.current;
    if (list) {
      setChosen(Array.from(list.querySelectorAll<HTMLInputElement>("input:checked"), (box) => box.value));
      // A box just tapped still has focus. Let it go now: removed during React's commit, its blur
      // would make conform submit a 'validate' natively, reloading the page with errors.
      if (document.activeElement instanceof HTMLElement && list.contains(document.activeElement)) {
        document.activeElement.blur();
        focusPicker.current = true;
      }
    }
    setEnhanced(true);
  }, []);
  useEffect(() => {
    if (enhanced && focusPicker.current) picker.current?.focus();
  }, [enhanced]);

  function update(next: string[]) {
    setChosen(next);
    // Hidden inputs fire no events: ask conform to validate once they are in the DOM.
    setTimeout(() => form.validate({ name: field.name }), 0);
  }

  const scrolls = options.length > SCROLL_AFTER;
  const moreId = `${field.id}-more`;
  const describedBy = [
    hint ? field.descriptionId : null,
    scrolls && !enhanced ? moreId : null,
    field.errors?.length ? field.errorId : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      id={field.id}
      aria-describedby={describedBy || undefined}
      aria-invalid={field.errors?.length ? true : undefined}
    >
      <legend className="font-medium text-slate-800">
        {label}
        {field.required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
      </legend>
      {hint ? (
        <p id={field.descriptionId} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {enhanced ? (
        <div className="mt-2 space-y-2">
          {chosen.map((value) => (
            <input key={value} type="hidden" name={field.name} value={value} />
          ))}
          {chosen.length ? (
            <ul className="flex flex-wrap gap-2" aria-label={`Chosen ${label.toLowerCase()}`}>
              {chosen.map((value) => (
                <li
                  key={value}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-700"
                >
                  {value}
                  <button
                    type="button"
                    className="grid size-7 place-items-center rounded-full hover:bg-brand-100"
                    aria-label={`Remove ${value}`}
                    onClick={() => update(chosen.filter((item) => item !== value))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <label htmlFor={`${field.id}-picker`} className="sr-only">
            Add {label.toLowerCase()}
          </label>
          <select
            ref={picker}
            id={`${field.id}-picker`}
            value=""
            className={controlClass}
            onChange={(event) => {
              if (event.target.value) update([...chosen, event.target.value]);
            }}
          >
            <option value="">Add…</option>
            {options
              .filter((option) => !chosen.includes(option))
              .map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
          </select>
        </div>
      ) : (
        <>
          <div
            ref={checkboxes}
            // A phone lays every option out in two columns and the page scrolls once; from 640 px a
            // long list scrolls in its own box.
            className={`mt-2 grid grid-cols-2 gap-1 rounded-lg border border-slate-200 bg-white p-2 text-sm sm:text-base ${
              scrolls ? "sm:scroll-fade sm:max-h-60 sm:overflow-y-auto" : ""
            }`}
          >
            {getCollectionProps(field, { type: "checkbox", options: [...options] }).map((props) => (
              <label
                key={props.key}
                className="flex min-h-10 items-center gap-2 rounded px-1 hover:bg-slate-50 sm:px-2"
              >
                <input {...props} key={props.key} className="size-4 shrink-0" />
                {props.value}
              </label>
            ))}
          </div>
          {scrolls ? (
            <p id={moreId} className="mt-1 hidden items-center gap-1 text-sm text-slate-600 sm:flex">
              <span aria-hidden="true">↓</span>
              {options.length} options: scroll the list for more.
            </p>
          ) : null}
        </>
      )}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" && value ? [value] : [];
}
