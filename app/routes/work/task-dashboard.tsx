import { DateText } from "~/components/date-time";
import { ErrorScreen } from "~/components/error-screen";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { StatusChip } from "~/components/status-chip";
import { UrlDialog } from "~/components/url-dialog";
import { projectTabHref } from "~/components/work/project-tabs";
import { Chip, PRIORITY_STYLES } from "~/components/work/task-chips";
import { TaskForm } from "~/components/work/task-form";
import { WorkNav } from "~/components/work-nav";
import { createTask, getTaskDashboard, type TaskCard, taskFormOptions } from "~/models/task.server";
import { newTaskSchema, TASK_STATUS_LABELS } from "~/schemas/task";
import { TASK_SORTS, taskBoardQuerySchema } from "~/schemas/task-board";
import { invariantResponse, orErrorScreen } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { isId } from "~/utils/ids";
import { redirectWithToast } from "~/http/toast.server";
import { SmallField } from "~/components/small-field";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Tasks · ${data.board.projectName} · Gainers Hub` : "Tasks · Gainers Hub" },
];

const STATUS_LABELS = TASK_STATUS_LABELS;
const SORT_LABELS: Record<(typeof TASK_SORTS)[number], string> = {
  priority: "Priority",
  dueDate: "Due date",
  createdAt: "Newest",
  status: "Status",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!isId(params.projectId)) {
    throw new Response("Invalid project ID. Please select a valid project.", { status: 400 });
  }
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = taskBoardQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : taskBoardQuerySchema.parse({});
  const board = await orErrorScreen(getTaskDashboard(user, params.projectId, query));
  // New Task opens the work page's Add Task form (URL state: ?new=1).
  const options = raw.new ? await taskFormOptions(await requireProjectAccess(request, params.projectId)) : null;
  return { board, query, options, userId: user.userId };
}

/** New Task: the same form, schema and model as the work page's Add Task. */
export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  const formData = await readForm(request);
  invariantResponse(formData.get("intent") === "create-task", "This form is missing what it needs.");
  const submission = parseWithZod(formData, { schema: newTaskSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const task = await createTask(access.actor, access.projectId, submission.value);
    return redirectWithToast(`/work/tmp/${access.projectId}`, {
      type: "success",
      message: `Task "${task.title}" added.`,
    });
  } catch (error) {
    return replyWithError(submission, error, "Failed to create task");
  }
}

export default function TaskDashboard() {
  const { board, query, options, userId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const statusHref = (status?: string) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    if (status) params.set("status", status);
    else params.delete("status");
    return `?${params}`;
  };
  const counts = [
    { status: "Todo", label: STATUS_LABELS.Todo, value: board.counts.todo },
    { status: "InProgress", label: STATUS_LABELS.InProgress, value: board.counts.inProgress },
    { status: "Blocked", label: STATUS_LABELS.Blocked, value: board.counts.blocked },
    { status: "Done", label: STATUS_LABELS.Done, value: board.counts.completed },
  ];

  return (
    <div className="container-page flex flex-col gap-6 py-8 lg:flex-row">
      <WorkNav />
      <div className="min-w-0 flex-1 space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm font-medium text-brand-700">Tasks</p>
            <h1 className="text-3xl font-bold">{board.projectName}</h1>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={`${location.pathname}${location.search}`} className="btn-secondary">
              Refresh
            </Link>
            <Link to={projectTabHref(board.projectId, "tasks")} className="btn-secondary">
              Work page
            </Link>
            <Link to={`?${newTaskParams(search)}#dialog`} preventScrollReset className="btn-primary">
              New Task
            </Link>
          </div>
        </div>
        {options ? (
          <UrlDialog title="New Task" focusFirstField closeTo={`${location.pathname}${withoutNew(search)}`}>
            <TaskForm
              lastResult={actionData && "result" in actionData ? actionData.result : null}
              members={options.members}
              milestones={options.milestones}
              defaultAssigneeId={userId}
            />
          </UrlDialog>
        ) : null}

        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Tasks by status">
          {counts.map((count) => (
            <li key={count.status}>
              <Link
                to={statusHref(query.status === count.status ? undefined : count.status)}
                aria-current={query.status === count.status ? "true" : undefined}
                className={`block rounded-xl border bg-white p-4 hover:border-brand-500 ${
                  query.status === count.status ? "border-brand-600 ring-2 ring-brand-100" : "border-slate-200"
                }`}
              >
                <span className="block text-sm text-slate-600">{count.label}</span>
                <span className="block text-2xl font-bold">{count.value}</span>
              </Link>
            </li>
          ))}
        </ul>

        <Form method="get" className="flex flex-wrap items-end gap-3">
          {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
          <SmallField id="sort" label="Sort by">
            <select
              id="sort"
              name="sort"
              defaultValue={query.sort}
              key={query.sort}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
            >
              {TASK_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </SmallField>
          <button type="submit" className="btn-secondary">
            Apply
          </button>
          {query.status ? (
            <Link to={statusHref()} className="inline-flex min-h-11 items-center text-brand-700 underline">
              Show all statuses
            </Link>
          ) : null}
        </Form>

        {board.tasks.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {query.status ? `No tasks are ${STATUS_LABELS[query.status].toLowerCase()}.` : "No tasks yet."}
          </p>
        ) : (
          <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label="Task timeline">
            {board.tasks.map((task) => (
              <TaskCardItem key={task.taskId} task={task} />
            ))}
          </ol>
        )}
        <Pagination page={board.page} pageSize={board.pageSize} total={board.total} search={search} />
      </div>
    </div>
  );
}

function newTaskParams(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  params.set("new", "1");
  return params.toString();
}

function withoutNew(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  params.delete("new");
  return params.size ? `?${params}` : "";
}

function TaskCardItem({ task }: { task: TaskCard }) {
  const description = task.description.length > 120 ? `${task.description.slice(0, 120)}…` : task.description;
  const progress = task.subtaskCount ? Math.round((task.completedSubtaskCount / task.subtaskCount) * 100) : 0;
  return (
    <li className="relative rounded-xl border border-slate-200 bg-white p-4">
      <span
        aria-hidden="true"
        className="absolute -left-[1.72rem] top-5 size-3 rounded-full border-2 border-white bg-brand-500"
      />
      <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <Chip className={PRIORITY_STYLES[task.priority]}>{task.priority}</Chip>
        <StatusChip status={task.status} label={STATUS_LABELS[task.status]} />
        <span className="text-slate-500">{task.type}</span>
        {task.milestoneTitle ? <span className="text-slate-500">· {task.milestoneTitle}</span> : null}
      </div>
      <h2 className="mt-2 font-semibold">
        <Link to={`/work/projects/${task.projectId}/tasks/${task.taskId}`} className="hover:underline">
          {task.title}
        </Link>
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-xs text-slate-600">
        {task.subtaskCount ? (
          <span className="flex items-center gap-2">
            <span className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200">
              <span className="block h-full bg-emerald-500" style={{ width: `${progress}%` }} />
            </span>
            {task.completedSubtaskCount}/{task.subtaskCount} subtasks
          </span>
        ) : null}
        {task.dueAtUtc ? (
          <span>
            Due <DateText value={task.dueAtUtc} />
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** The spec's texts for a dashboard that cannot load (section 8, Temp tasks). */
/** Spec section 8, Temp tasks: the dashboard's own words for each refusal. */
const DASHBOARD_ERRORS = {
  401: { title: "Authentication failed. Please sign in again." },
  403: { title: "Access Denied", body: "Only members of this project can see its tasks." },
  404: { title: "Project not found." },
};

export function ErrorBoundary() {
  return <ErrorScreen texts={DASHBOARD_ERRORS} back={{ to: "/work", label: "Back to My Projects" }} />;
}
