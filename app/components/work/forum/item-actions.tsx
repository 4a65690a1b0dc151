import { Link, useSubmit } from "@remix-run/react";
import { deleteQuestion } from "~/components/confirm-delete";
import { type ForumItemKind, idFieldOf, withParam } from "./addresses";

export const actionLink = "inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium sm:px-3";

/** Edit and Delete for what the viewer may change; delete confirms (a step without JavaScript). */
export function ItemActions({
  item,
  kind,
  id,
  here,
  hydrated,
}: {
  item: { canEdit: boolean; canDelete: boolean };
  kind: ForumItemKind;
  id: string;
  here: string;
  hydrated: boolean;
}) {
  const submit = useSubmit();
  return (
    <>
      {item.canEdit ? (
        <Link
          to={`${withParam(withParam(here, "delete", null), "edit", id)}#edit-${id}`}
          preventScrollReset
          className={`${actionLink} text-brand-700 hover:bg-brand-50`}
          aria-label={`Edit ${kind}`}
        >
          Edit
        </Link>
      ) : null}
      {item.canDelete ? (
        <Link
          to={`${withParam(withParam(here, "edit", null), "delete", id)}#dialog`}
          preventScrollReset
          className={`${actionLink} text-red-700 hover:bg-red-50`}
          aria-label={`Delete ${kind}`}
          onClick={
            hydrated
              ? (event) => {
                  event.preventDefault();
                  if (!window.confirm(deleteQuestion(kind))) return;
                  // A navigation, not a fetcher: a deleted post's own page has to be left.
                  submit(
                    { intent: `delete-${kind}`, [idFieldOf(kind)]: id },
                    { method: "post", preventScrollReset: true },
                  );
                }
              : undefined
          }
        >
          Delete
        </Link>
      ) : null}
    </>
  );
}
