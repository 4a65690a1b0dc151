import { Link } from "@remix-run/react";
import { TimeLabel } from "~/components/work/forum/forum-text";
import type { Page } from "~/models/project.server";
import type { TaskEventView } from "~/models/task-event.server";

/**
 * A task's history, newest first: who changed what, and when. The page shows the latest few;
 * "Show all" opens the whole history in pages.
 */
export function TaskHistory({
  history,
  all,
  here,
}: {
  history: Page<TaskEventView>;
  /** The whole history is open (paged), not only its newest entries. */
  all: boolean;
  here: string;
}) {
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  const pageHref = (page: number) => `${here}?history=all&historyPage=${page}#history-title`;
  return (
    <section
      aria-labelledby="history-title"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="history-title" className="text-lg font-semibold">
          History <span className="text-slate-600">({history.total})</span>
        </h3>
        {all ? (
          <Link to={`${here}#history-title`} className="text-sm font-medium text-brand-700 underline">
            Show latest only
          </Link>
        ) : history.total > history.items.length ? (
          <Link to={pageHref(1)} className="text-sm font-medium text-brand-700 underline">
            Show all {history.total}
          </Link>
        ) : null}
      </div>
      {history.items.length === 0 ? (
        <p className="text-slate-600">Nothing has happened to this task yet.</p>
      ) : (
        <ol className="space-y-2 text-sm" aria-label="Task history">
          {history.items.map((event) => (
            <li key={event.eventId} className="flex flex-wrap gap-x-2 border-l-2 border-slate-200 pl-3">
              <span className="break-words [overflow-wrap:anywhere]">
                {event.actorName === null ? (
                  event.summary
                ) : (
                  <>
                    <span className="font-semibold">{event.actorName}</span> {event.summary}
                  </>
                )}
              </span>
              <span className="text-slate-500">
                <TimeLabel iso={event.createdAtUtc} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {all && pages > 1 ? (
        <nav aria-label="History pages" className="flex flex-wrap items-center justify-between gap-2">
          {history.page > 1 ? (
            <Link to={pageHref(history.page - 1)} className="btn-secondary" rel="prev">
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            Page {history.page} of {pages}
          </span>
          {history.page < pages ? (
            <Link to={pageHref(history.page + 1)} className="btn-secondary" rel="next">
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
