import { Link, useLocation } from "@remix-run/react";
import type { TaskStatus } from "#db/schema";
import { Pagination } from "~/components/pagination";
import { TASK_STATUS_LABELS } from "~/schemas/task";
import { type TaskCardData, TaskCardLink } from "./task-chips";

/**
 * The Tasks tab's lists: the board (a column per status, each with its count and first cards)
 * and one status group on its own, in pages, for a group too long to show whole.
 */

interface Group {
  status: TaskStatus;
  total: number;
  cards: TaskCardData[];
}

function GroupHeading({ status, total }: { status: TaskStatus; total: number }) {
  return (
    <h2 id={`group-${status}`} className="px-1 font-semibold">
      {TASK_STATUS_LABELS[status]} <span className="text-slate-600">({total})</span>
    </h2>
  );
}

function Cards({ cards, projectId, className }: { cards: TaskCardData[]; projectId: string; className: string }) {
  return (
    <ul className={className}>
      {cards.map((task) => (
        <li key={task.taskId}>
          <TaskCardLink task={task} href={`/work/projects/${projectId}/tasks/${task.taskId}`} />
        </li>
      ))}
    </ul>
  );
}

export function TaskGroups({ groups, projectId, listHref }: { groups: Group[]; projectId: string; listHref: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
      {groups.map(({ status, total, cards }) => (
        <section key={status} aria-labelledby={`group-${status}`} className="min-w-0 rounded-2xl bg-slate-100 p-3">
          <GroupHeading status={status} total={total} />
          {total === 0 ? (
            <p className="mt-2 px-1 text-sm text-slate-600">Nothing here.</p>
          ) : (
            <Cards cards={cards} projectId={projectId} className="mt-3 space-y-2" />
          )}
          {total > cards.length ? (
            <Link to={`${listHref}&group=${status}`} className="btn-secondary mt-3 w-full justify-center">
              Show all {total} <span className="sr-only">{TASK_STATUS_LABELS[status]} tasks</span>
            </Link>
          ) : null}
        </section>
      ))}
    </div>
  );
}

export function TaskGroupPage({
  status,
  page,
  projectId,
  boardHref,
}: {
  status: TaskStatus;
  page: { items: TaskCardData[]; total: number; page: number; pageSize: number };
  projectId: string;
  boardHref: string;
}) {
  const { search } = useLocation();
  return (
    <section aria-labelledby={`group-${status}`} className="rounded-2xl bg-slate-100 p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <GroupHeading status={status} total={page.total} />
        <Link to={boardHref} className="text-sm font-medium text-brand-700 underline">
          ← All groups
        </Link>
      </div>
      {page.items.length === 0 ? (
        <p className="mt-2 px-1 text-sm text-slate-600">
          {page.total === 0 ? "Nothing here." : "No tasks on this page."}
        </p>
      ) : (
        <Cards cards={page.items} projectId={projectId} className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-3" />
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} search={new URLSearchParams(search)} />
    </section>
  );
}
