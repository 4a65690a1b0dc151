import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useFetchers, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { ErrorScreen } from "~/components/error-screen";
import { useHydrated } from "~/hooks/use-hydrated";
import { Toaster } from "~/components/toaster";
import { UrlDialog } from "~/components/url-dialog";
import { ProjectTabs, projectTabHref } from "~/components/work/project-tabs";
import { StatusChip } from "~/components/status-chip";
import { Chip, formatDay, PRIORITY_STYLES } from "~/components/work/task-chips";
import { addSubtask, deleteSubtask, renameSubtask, toggleSubtask } from "~/models/subtask.server";
import { getTask, type Subtask, setTaskStatus } from "~/models/task.server";
import { TASK_STATUS_LABELS, TASK_STATUSES } from "~/schemas/task";
import { asDomainError, invariantResponse, orErrorScreen } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { idSchema, isId } from "~/utils/ids";
import { redirectWithToast } from "~/utils/toast.server";
import { WORK_ERRORS } from "./project-layout";

/**
 * Task details (`/work/projects/$projectId/tasks/$taskId`): status that persists, and the
 * subtask checklist. Every change is a form; with JavaScript, subtask toggles and renames are
 * fetchers that show the change at once and roll back with a toast if the server refuses.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.task.title} · Gainers Hub` : "Task · Gainers Hub" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  invariantResponse(isId(params.taskId), "This task address is not valid.");
  const task = await orErrorScreen(getTask(access.actor, params.taskId));
  if (task.projectId !== access.projectId) throw new Response("Task not found.", { status: 404 });
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const remove = url.searchParams.get("delete");
  return {
    task,
    editing: edit && task.subtasks.some((s) => s.subtaskId === edit) ? edit : null,
    deleting: remove ? (task.subtasks.find((s) => s.subtaskId === remove) ?? null) : null,
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.string() }),
  z.object({ intent: z.literal("add-subtask"), title: z.string().default("") }),
  z.object({ intent: z.literal("toggle-subtask"), subtaskId: idSchema, done: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("rename-subtask"), subtaskId: idSchema, title: z.string().default("") }),
  z.object({ intent: z.literal("delete-subtask"), subtaskId: idSchema }),
]);

const FAILURE_TEXT = {
  status: "Failed to update task",
  "add-subtask": "Failed to create subtask",
  "toggle-subtask": "Failed to toggle subtask",
  "rename-subtask": "Failed to update subtask",
  "delete-subtask": "Failed to delete subtask",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  invariantResponse(isId(params.taskId), "This task address is not valid.");
  const taskId = params.taskId;
  const formData = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(formData));
  invariantResponse(parsed.success, "This form is missing what it needs.");
  const form = parsed.data;
  // Fetchers (JavaScript) want an answer in place; plain forms get post/redirect/get.
  const inPlace = formData.get("via") === "fetcher";
  const here = `/work/projects/${access.projectId}/tasks/${taskId}`;
  try {
    const task = await getTask(access.actor, taskId);
    if (task.projectId !== access.projectId) throw new Response("Task not found.", { status: 404 });
    let message: string | null = null;
    switch (form.intent) {
      case "status": {
        const updated = await setTaskStatus(access.actor, taskId, { status: form.status });
        message = `Status changed to ${TASK_STATUS_LABELS[updated.status]}.`;
        break;
      }
      case "add-subtask":
        await addSubtask(access.actor, taskId, { title: form.title });
        break;
      case "toggle-subtask":
        await toggleSubtask(access.actor, taskId, form.subtaskId, form.done === "true");
        break;
      case "rename-subtask":
        await renameSubtask(access.actor, taskId, form.subtaskId, { title: form.title });
        break;
      case "delete-subtask":
        await deleteSubtask(access.actor, taskId, form.subtaskId);
        message = "Subtask deleted.";
        break;
    }
    if (inPlace) return data({ ok: true as const, toast: null });
    return message
      ? redirectWithToast(here, { type: "success", message })
      : redirectWithToast(here, { type: "info", message: "Saved." });
  } catch (error) {
    const known = asDomainError(error);
    if (!known) throw error;
    const toast = { type: "error" as const, message: known.message || FAILURE_TEXT[form.intent] };
    if (inPlace) return data({ ok: false as const, toast }, { status: known.status });
    return redirectWithToast(here, toast);
  }
}

export default function TaskDetails() {
  const { task, editing, deleting } = useLoaderData<typeof loader>();
  const here = `/work/projects/${task.projectId}/tasks/${task.taskId}`;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const addForm = useRef<HTMLFormElement>(null);
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-subtask";
  useEffect(() => {
    if (!adding) addForm.current?.reset();
  }, [adding]);

  return (
    <div className="space-y-6">
      <ProjectTabs projectId={task.projectId} current="tasks" />
      <Link to={projectTabHref(task.projectId, "tasks")} className="btn-secondary">
        ← Back to Project
      </Link>
      <article className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <header className="space-y-3">
          <h2 className="text-2xl font-bold">{task.title}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <StatusChip status={task.status} />
            <Chip className={PRIORITY_STYLES[task.priority]}>{task.priority} priority</Chip>
            <Chip className="bg-slate-100 text-slate-700">{task.type}</Chip>
            <Chip className="bg-slate-100 text-slate-700">
              {task.dueAtUtc ? `Due ${formatDay(task.dueAtUtc)}` : "No due date"}
            </Chip>
            {task.milestoneTitle ? <Chip className="bg-brand-50 text-brand-700">{task.milestoneTitle}</Chip> : null}
          </div>
          <p className="text-sm text-slate-600">Assignee: {task.assigneeName ?? "Unassigned"}</p>
        </header>
        <StatusForm status={task.status} hydrated={hydrated} />
        <section aria-labelledby="description-title">
          <h3 id="description-title" className="font-semibold">
            Description
          </h3>
          <p className="mt-1 whitespace-pre-line text-slate-700">{task.description || "No description"}</p>
        </section>
      </article>

      <section
        aria-labelledby="subtasks-title"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <Subtasks
          subtasks={task.subtasks}
          here={here}
          editing={editing}
          hydrated={hydrated}
          addForm={addForm}
          adding={adding}
        />
      </section>

      {deleting ? (
        <UrlDialog title="Delete subtask" closeTo={here}>
          <Form method="post" action={here} className="space-y-4">
            <p>Are you sure you want to delete this subtask?</p>
            <p className="font-semibold">{deleting.title}</p>
            <input type="hidden" name="intent" value="delete-subtask" />
            <input type="hidden" name="subtaskId" value={deleting.subtaskId} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
                Delete
              </button>
              <Link to={here} className="btn-secondary">
                Cancel
              </Link>
            </div>
          </Form>
        </UrlDialog>
      ) : null}
    </div>
  );
}

function StatusForm({ status, hydrated }: { status: (typeof TASK_STATUSES)[number]; hydrated: boolean }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "status";
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="status" />
      <div className="flex flex-col gap-1">
        <label htmlFor="task-status" className="text-sm font-medium">
          Status
        </label>
        <select
          id="task-status"
          name="status"
          defaultValue={status}
          key={status}
          onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
        >
          {TASK_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={hydrated ? "sr-only" : "btn-secondary"} disabled={saving}>
        {saving ? "Saving…" : "Update status"}
      </button>
    </Form>
  );
}

/** Open ones first, then done ones, each by orderIndex (spec section 4, Subtask). */
function ordered(subtasks: Subtask[]): Subtask[] {
  return [...subtasks].sort((a, b) => Number(a.isDone) - Number(b.isDone) || a.orderIndex - b.orderIndex);
}

function Subtasks({
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
              <Link to={here} className="btn-secondary">
                Cancel
              </Link>
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
                    if (!window.confirm("Are you sure you want to delete this subtask?")) return;
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

export function ErrorBoundary() {
  return (
    <ErrorScreen
      texts={{ ...WORK_ERRORS, 404: { title: "Task not found", body: "This task does not exist or was removed." } }}
      back={{ to: "/work", label: "Back to My Projects" }}
    />
  );
}
