import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CancelLink } from "~/components/cancel-link";
import { UrlDialog } from "~/components/url-dialog";

/**
 * The confirm step of a delete (DESIGN principle 2): a dialog rendered on the server with a plain
 * form inside, so it works without JavaScript. `children` shows what is about to go.
 */
export function ConfirmDelete({
  title,
  question,
  fields,
  closeTo,
  action,
  preventScrollReset = false,
  children,
}: {
  title: string;
  question: string;
  /** The hidden fields that name the delete: its intent and the id. */
  fields: Record<string, string>;
  closeTo: string;
  action?: string;
  /** Stay where the page was scrolled, on Delete and on Cancel. */
  preventScrollReset?: boolean;
  children: ReactNode;
}) {
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={action} preventScrollReset={preventScrollReset} className="space-y-4">
        <p>{question}</p>
        {children}
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
            Delete
          </button>
          <CancelLink to={closeTo} preventScrollReset={preventScrollReset} />
        </div>
      </Form>
    </UrlDialog>
  );
}
