import { ErrorScreen } from "~/components/error-screen";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { WorkNav } from "~/components/work-nav";
import { getTaskDashboard, type TaskCard } from "~/models/task-board.server";
import { TASK_SORTS, taskBoardQuerySchema } from "~/schemas/task-board";
import { orErrorScreen } from "~/utils/errors.server";
import { isId } from "~/utils/ids";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Tasks · ${data.board.projectName} · Gainers Hub` : "Tasks · Gainers Hub" },
];

const STATUS_LABELS = { Todo: "To Do", InProgress: "In Progress", Blocked: "Blocked", Done: "Completed" } as const;
const SORT_LABELS: Record<(typeof TASK_SORTS)[number], string> = {
  priority: "Priority",
  dueDate: "Due date",
  createdAt: "Newest",
  status: "Status",
};
const PRIORITY_STYLES = {
  Critical: "bg-red-100 text-red-800",
  High: "bg-orange-100 text-orange-800",
  Medium: "bg-amber-50 text-amber-800",
  Low: "bg-slate-100 text-slate-700",
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!isId(params.projectId)) {
    throw new Response("Invalid project ID. Please select a valid project.", { status: 400 });
  }
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = taskBoardQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : taskBoardQuerySchema.parse({});
  return { board: await orErrorScreen(getTaskDashboard(user, params.projectId, query)), query };
}

export default function TaskDashboard() {
  const { board, query } = useLoaderData<typeof loader>();
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
    { status: "Todo", label: "To Do", value: board.counts.todo },
    { status: "InProgress", label: "In Progress", value: board.counts.inProgress },
    { status: "Blocked", label: "Blocked", value: board.counts.blocked },
    { status: "Done", label: "Completed", value: board.counts.completed },
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
          <Link to={`${location.pathname}${location.search}`} className="btn-secondary">
            Refresh
          </Link>
        </div>

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
          <div className="flex flex-col gap-1">
            <label htmlFor="sort" className="text-sm font-medium">
              Sort by
            </label>
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
          </div>
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
        <span className={`rounded-full px-2 py-0.5 ${PRIORITY_STYLES[task.priority]}`}>{task.priority}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{STATUS_LABELS[task.status]}</span>
        <span className="text-slate-500">{task.type}</span>
        {task.milestoneTitle ? <span className="text-slate-500">· {task.milestoneTitle}</span> : null}
      </div>
      <h2 className="mt-2 font-semibold">{task.title}</h2>
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
            Due{" "}
            {new Date(task.dueAtUtc).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })}
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
