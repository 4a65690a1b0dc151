import { Form, useSubmit } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";

/**
 * A single-line GET search box. Without JavaScript it is a plain form and the server trims the
 * term. With JavaScript the term is sent trimmed, and with `ignoreBlank` a blank term does
 * nothing (the results page instead lets it through, to say 'Please enter a search term').
 */
export function SearchBox({
  action,
  defaultValue,
  name = "q",
  label = "Search projects",
  hidden,
  ignoreBlank = false,
  busy = false,
  placeholder = "Search projects, technologies...",
}: {
  action: string;
  defaultValue?: string;
  name?: string;
  label?: string;
  /** Extra hidden fields sent with the term (e.g. the result count). */
  hidden?: ReactNode;
  ignoreBlank?: boolean;
  /** A search is on its way: the button is disabled so it is not sent twice. */
  busy?: boolean;
  placeholder?: string;
}) {
  const submit = useSubmit();

  function submitTrimmed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const term = String(data.get(name) ?? "").trim();
    if (ignoreBlank && !term) return;
    data.set(name, term);
    submit(data, { method: "get", action });
  }

  return (
    <Form
      method="get"
      action={action}
      role="search"
      className="flex w-full items-center gap-2"
      onSubmit={submitTrimmed}
    >
      <label htmlFor={`search-${name}`} className="sr-only">
        {label}
      </label>
      <input
        id={`search-${name}`}
        type="search"
        name={name}
        defaultValue={defaultValue}
        key={defaultValue}
        placeholder={placeholder}
        maxLength={200}
        enterKeyHint="search"
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none"
      />
      {hidden}
      <button type="submit" className="btn-primary shrink-0 !px-4" aria-label="Search" disabled={busy}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
          <path d="M8.5 3a5.5 5.5 0 1 0 3.4 9.8l3.6 3.6 1.1-1.1-3.6-3.6A5.5 5.5 0 0 0 8.5 3Zm0 1.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z" />
        </svg>
      </button>
    </Form>
  );
}
