import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CancelLink } from "~/components/cancel-link";
import { UrlDialog } from "~/components/url-dialog";

/** The one wording of a delete's question: the confirm step's, and the browser's confirm(). */
export function deleteQuestion(noun: string): string {
  return `Are you sure you want to delete this ${noun}?`;
}

/**
 * The confirm step of a delete (DESIGN principle 2): a dialog rendered on the server with a plain
 * form inside, so it works without JavaScript. `children` shows what is about to go.
 */
export function ConfirmDelete({
  noun,
  title = `Delete ${noun}`,
  consequence,
  fields,
  closeTo,
  action,
  preventScrollReset = false,
  children,
}: {
  /** What goes: 'task', 'reply'. */
  noun: string;
  title?: string;
  /** What else goes with it, said after the question. */
  consequence?: string;
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
        <p>
          {deleteQuestion(noun)}
          {consequence ? ` ${consequence}` : null}
        </p>
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
