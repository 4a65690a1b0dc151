import { Link } from "@remix-run/react";
import type { Card, WorkOverview } from "~/models/work-overview.server";

/**
 * The work page's four overview cards; each shows its own error with a retry. On a phone they
 * are one compact row of four, so the tasks start on the first screen.
 */
export function OverviewCards({ overview, retryHref }: { overview: WorkOverview; retryHref: string }) {
  return (
    <ul className="grid grid-cols-4 gap-2 sm:grid-cols-2 sm:gap-3 xl:grid-cols-4" aria-label="Project overview">
      <OverviewCard label="Progress" card={overview.progress} retryHref={retryHref}>
        {(value) => (
          <>
            <Value>{value.percent}%</Value>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <div className="h-full bg-emerald-500" style={{ width: `${value.percent}%` }} />
            </div>
            <Note>
              {value.done} of {value.total} tasks done
            </Note>
          </>
        )}
      </OverviewCard>
      <OverviewCard label="Days Left" card={overview.daysLeft} retryHref={retryHref}>
        {(value) =>
          value.days === null ? (
            <>
              <Value>—</Value>
              <Note>No duration set</Note>
            </>
          ) : value.days < 0 ? (
            <>
              <Value className="text-red-700">Overdue by {-value.days}d</Value>
              <Note>Past the planned end</Note>
            </>
          ) : (
            <>
              <Value>{value.days}</Value>
              <Note>{value.days === 1 ? "day to go" : "days to go"}</Note>
            </>
          )
        }
      </OverviewCard>
      <OverviewCard label="My Open Tasks" card={overview.myOpenTasks} retryHref={retryHref}>
        {(value) => (
          <>
            <Value>{value.count}</Value>
            <Note>Assigned to you, not done</Note>
          </>
        )}
      </OverviewCard>
      <OverviewCard label="Open PRs" card={overview.openPullRequests} retryHref={retryHref}>
        {(value) => (
          <>
            <Value>{value.count}</Value>
            <Note>{value.synced ? "On the linked repository" : "Shown once the repository syncs"}</Note>
          </>
        )}
      </OverviewCard>
    </ul>
  );
}

function OverviewCard<T>({
  label,
  card,
  retryHref,
  children,
}: {
  label: string;
  card: Card<T>;
  retryHref: string;
  children: (value: T) => React.ReactNode;
}) {
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-2 sm:p-4">
      <h2 className="text-xs leading-tight font-medium text-slate-600 sm:text-sm">{label}</h2>
      {card.ok ? (
        children(card.value)
      ) : (
        <div role="alert" className="mt-1 text-sm text-red-800">
          <p>{card.error}</p>
          <Link to={retryHref} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
            Retry
          </Link>
        </div>
      )}
    </li>
  );
}

function Value({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <p className={`mt-0.5 text-lg leading-tight font-bold sm:mt-1 sm:text-2xl ${className}`}>{children}</p>;
}

function Note({ children }: { children: React.ReactNode }) {
  return <p className="mt-1 hidden text-xs text-slate-600 sm:block">{children}</p>;
}
