import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A single-line GET search box. With JavaScript an empty term does nothing; without, the server
 * treats an empty term as no search.
 */
export function SearchBox({
  action,
  defaultValue,
  name = "q",
  label = "Search projects",
  hidden,
}: {
  action: string;
  defaultValue?: string;
  name?: string;
  label?: string;
  hidden?: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      className="flex w-full max-w-2xl items-center gap-2"
      onSubmit={(event) => {
        const term = new FormData(event.currentTarget).get(name);
        if (typeof term !== "string" || !term.trim()) event.preventDefault();
      }}
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
        placeholder="Search projects, technologies..."
        maxLength={200}
        className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-4 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
      />
      {hidden}
      <button type="submit" className="btn-primary !px-4" aria-label="Search">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
          <path d="M8.5 3a5.5 5.5 0 1 0 3.4 9.8l3.6 3.6 1.1-1.1-3.6-3.6A5.5 5.5 0 0 0 8.5 3Zm0 1.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z" />
        </svg>
      </button>
    </Form>
  );
}
