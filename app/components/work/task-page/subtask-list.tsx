import { Form, Link, useFetcher, useFetchers } from "@remix-run/react";
import { useRef, useState } from "react";
import { CancelLink } from "~/components/cancel-link";
import { deleteQuestion } from "~/components/confirm-delete";
import { Toaster } from "~/components/toaster";
import type { Subtask } from "~/models/task.server";

/**
 * A task's checklist: add, check off, rename (double click, Enter saves, Escape cancels, blur
 * saves) and delete. Plain forms without JavaScript; with it, fetchers that show the change at
 * once and roll back with a toast if the server refuses.
 */
/** Open ones first, then done ones, each by orderIndex (spec section 4, Subtask). */
function ordered(subtasks: Subtask[]): Subtask[] {
  return [...subtasks].sort((a, b) => Number(a.isDone) - Number(b.isDone) || a.orderIndex - b.orderIndex);
}

export function Subtasks({
  subtasks,
  here,
  editing,
  hydrated,
  addForm,
  adding,
}: {
  subtasks: Subtask[];
  here: string;
  editing: string | null;
  hydrated: boolean;
  addForm: React.RefObject<HTMLFormElement>;
  adding: boolean;
}) {
  // Pending fetchers (toggles, renames, deletes) show their change at once; when they settle, the
  // server's answer shows, so a refusal rolls back by itself (with a toast from the row).
  const pending = new Map<string, Partial<Subtask> & { deleted?: boolean }>();
  for (const fetcher of useFetchers()) {
    const form = fetcher.formData;
    if (!form) continue;
    const id = String(form.get("subtaskId") ?? "");
    const change = pending.get(id) ?? {};
    const intent = form.get("intent");
    if (intent === "toggle-subtask") change.isDone = form.get("done") === "true";
    else if (intent === "rename-subtask" && String(form.get("title") ?? "").trim())
      change.title = String(form.get("title")).trim();
    else if (intent === "delete-subtask") change.deleted = true;
    else continue;
    pending.set(id, change);
  }
  const shown = ordered(
    subtasks.map((s) => ({ ...s, ...pending.get(s.subtaskId) })).filter((s) => !("deleted" in s && s.deleted)),
  );
  const done = shown.filter((s) => s.isDone).length;
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <h3 id="subtasks-title" className="text-lg font-semibold">
          Subtasks
        </h3>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium" aria-label="Subtasks done">
          {done}/{shown.length}
        </span>
      </div>
      <Form method="post" action={here} preventScrollReset ref={addForm} className="flex gap-2">
        <input type="hidden" name="intent" value="add-subtask" />
        <label htmlFor="new-subtask" className="sr-only">
          New subtask
        </label>
        <input
          id="new-subtask"
          name="title"
          required
          maxLength={200}
          placeholder="Add a subtask…"
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3"
        />
        <button type="submit" className="btn-primary" disabled={adding}>
          Add
        </button>
      </Form>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No subtasks yet — add your first one!
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Subtask list">
          {shown.map((subtask) => (
            <SubtaskRow
              key={subtask.subtaskId}
              subtask={subtask}
              here={here}
              editing={editing === subtask.subtaskId}
              hydrated={hydrated}
            />
          ))}
        </ul>
      )}
    </>
  );
}

type SubtaskReply = { ok: true; toast: null } | { ok: false; toast: { type: "error"; message: string } };

function SubtaskRow({
  subtask,
  here,
  editing,
  hydrated,
}: {
  subtask: Subtask;
  here: string;
  editing: boolean;
  hydrated: boolean;
}) {
  const toggle = useFetcher<SubtaskReply>({ key: `subtask-toggle-${subtask.subtaskId}` });
  const rename = useFetcher<SubtaskReply>({ key: `subtask-rename-${subtask.subtaskId}` });
  const remove = useFetcher<SubtaskReply>({ key: `subtask-delete-${subtask.subtaskId}` });
  const [inlineEdit, setInlineEdit] = useState(false);
  const cancelled = useRef(false);

  const failure = [toggle, rename, remove].find((f) => f.state === "idle" && f.data && !f.data.ok)?.data?.toast;
  const via = hydrated ? <input type="hidden" name="via" value="fetcher" /> : null;

  const saveTitle = (title: string) => {
    setInlineEdit(false);
    const trimmed = title.trim();
    // An empty title reverts; an unchanged one needs no call.
    if (!trimmed || trimmed === subtask.title) return;
    rename.submit(
      { intent: "rename-subtask", subtaskId: subtask.subtaskId, title: trimmed, via: "fetcher" },
      { method: "post", action: here },
    );
  };

  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      {failure ? <Toaster toast={failure} /> : null}
      <toggle.Form method="post" action={here} preventScrollReset>
        <input type="hidden" name="intent" value="toggle-subtask" />
        <input type="hidden" name="subtaskId" value={subtask.subtaskId} />
        <input type="hidden" name="done" value={String(!subtask.isDone)} />
        {via}
        <button
          type="submit"
          role="checkbox"
          aria-checked={subtask.isDone}
          aria-label={`${subtask.isDone ? "Mark as not done" : "Mark as done"}: ${subtask.title}`}
          className={`grid size-11 place-items-center rounded-lg hover:bg-slate-100`}
        >
          <span
            aria-hidden="true"
            className={`grid size-6 place-items-center rounded-md border-2 text-sm font-bold ${
              subtask.isDone ? "border-emerald-600 bg-emerald-600 text-white" : "border-slate-400 bg-white"
            }`}
          >
            {subtask.isDone ? "✓" : ""}
          </span>
        </button>
      </toggle.Form>

      {editing || inlineEdit ? (
        <Form
          method="post"
          action={here}
          preventScrollReset
          className="flex min-w-0 flex-1 flex-wrap gap-2"
          onSubmit={
            hydrated
              ? (event) => {
                  event.preventDefault();
                  const value = new FormData(event.currentTarget).get("title");
                  saveTitle(String(value ?? ""));
                }
              : undefined
          }
        >
          <input type="hidden" name="intent" value="rename-subtask" />
          <input type="hidden" name="subtaskId" value={subtask.subtaskId} />
          <label htmlFor={`rename-${subtask.subtaskId}`} className="sr-only">
            Subtask title
          </label>
          <input
            id={`rename-${subtask.subtaskId}`}
            name="title"
            defaultValue={subtask.title}
            maxLength={200}
            autoFocus
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                cancelled.current = true;
                setInlineEdit(false);
              }
            }}
            onBlur={
              inlineEdit
                ? (event) => {
                    if (cancelled.current) {
                      cancelled.current = false;
                      return;
                    }
                    saveTitle(event.currentTarget.value);
                  }
                : undefined
            }
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-brand-500 px-3"
          />
          {inlineEdit ? null : (
            <>
              <button type="submit" className="btn-primary">
                Save
              </button>
              <CancelLink to={here} />
            </>
          )}
        </Form>
      ) : (
        <span
          className={`min-w-0 flex-1 break-words ${subtask.isDone ? "text-slate-500 line-through" : ""}`}
          onDoubleClick={hydrated ? () => setInlineEdit(true) : undefined}
          title={hydrated ? "Double-click to rename" : undefined}
        >
          {subtask.title}
        </span>
      )}

      {editing || inlineEdit ? null : (
        <span className="flex gap-1">
          <Link
            to={`${here}?edit=${subtask.subtaskId}`}
            preventScrollReset
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault();
                    setInlineEdit(true);
                  }
                : undefined
            }
            className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            aria-label={`Edit ${subtask.title}`}
          >
            Edit
          </Link>
          <Link
            to={`${here}?delete=${subtask.subtaskId}#dialog`}
            preventScrollReset
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault();
                    if (!window.confirm(deleteQuestion("subtask"))) return;
                    remove.submit(
                      { intent: "delete-subtask", subtaskId: subtask.subtaskId, via: "fetcher" },
                      { method: "post", action: here },
                    );
                  }
                : undefined
            }
            className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-red-700 hover:bg-red-50"
            aria-label={`Delete ${subtask.title}`}
          >
            Delete
          </Link>
        </span>
      )}
    </li>
  );
}
