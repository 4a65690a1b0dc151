import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RelativeTime } from "~/components/date-time";
import { LANGUAGES_SHOWN } from "~/github/age";
import type { ContributionView, RepositoryView, SyncStatusView } from "~/models/github.server";
import { initialsOf } from "~/utils/format";

/** How often, with JavaScript, a running sync's status is asked for (spec section 4, Repository sync). */
const POLL_MS = 2_000;

const STATUS_TEXT: Record<SyncStatusView["status"], string> = {
  idle: "Not synced yet",
  running: "Syncing…",
  completed: "Synced",
  failed: "Sync failed",
};

/**
 * The Code tab: the linked repository's card, its sync status with 'Sync now', and contributors
 * matched to members. 'Sync now' is a form; with JavaScript a running sync is polled every 2 s and
 * the tab reloads when it ends.
 */
export function CodeTab({
  projectId,
  isAdmin,
  repository,
  contributors,
  sync,
}: {
  projectId: string;
  isAdmin: boolean;
  repository: RepositoryView | null;
  contributors: ContributionView[];
  sync: SyncStatusView;
}) {
  if (!repository) {
    return (
      <section aria-label="Code" className="rounded-2xl border border-dashed border-slate-300 bg-white p-6">
        <h2 className="font-semibold">No repository linked yet</h2>
        <p className="mt-1 text-slate-600">
          Once a GitHub repository is linked, its languages, pull requests and contributors show here.
        </p>
        {isAdmin ? (
          <Link to={`/work?repository=${projectId}#dialog`} className="btn-primary mt-4">
            Connect Repository
          </Link>
        ) : (
          <p className="mt-2 text-sm text-slate-600">A project admin can connect one from My Projects.</p>
        )}
      </section>
    );
  }
  return (
    <section aria-label="Code" className="space-y-4">
      <RepositoryCard repository={repository} />
      <SyncPanel projectId={projectId} sync={sync} />
      <Contributors contributors={contributors} />
    </section>
  );
}

function RepositoryCard({ repository }: { repository: RepositoryView }) {
  const shown = repository.languageShares.slice(0, LANGUAGES_SHOWN);
  const more = repository.languageShares.length - shown.length;
  const facts = [
    `${repository.starsCount} ${repository.starsCount === 1 ? "star" : "stars"}`,
    `${repository.forksCount} ${repository.forksCount === 1 ? "fork" : "forks"}`,
    `${repository.openPullRequests} open ${repository.openPullRequests === 1 ? "pull request" : "pull requests"}`,
    repository.defaultBranch ? `branch ${repository.defaultBranch}` : null,
    repository.isPublic ? "public" : "private",
  ].filter(Boolean);
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold break-words">
        <a href={repository.url} rel="noopener noreferrer" target="_blank" className="text-brand-700 underline">
          {repository.fullName}
        </a>
      </h2>
      <p className="mt-1 text-slate-700">{repository.description || "No description"}</p>
      <p className="mt-2 text-sm text-slate-600">{facts.join(" · ")}</p>
      {shown.length ? (
        <ul aria-label="Languages" className="mt-3 flex flex-wrap gap-2">
          {shown.map((language) => (
            <li key={language.name} className="rounded-full bg-slate-100 px-2.5 py-1 text-sm text-slate-800">
              {language.name} <span className="text-slate-600">{language.percentage}%</span>
            </li>
          ))}
          {more > 0 ? (
            <li className="rounded-full bg-slate-100 px-2.5 py-1 text-sm text-slate-700">+{more} more</li>
          ) : null}
        </ul>
      ) : null}
    </article>
  );
}

function SyncPanel({ projectId, sync }: { projectId: string; sync: SyncStatusView }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === `/work/projects/${projectId}/sync`;
  const running = sync.status === "running";
  const pollError = useSyncPolling(projectId, running);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5">
      <div role="status" aria-live="polite">
        <p className="font-semibold">{STATUS_TEXT[sync.status]}</p>
        <p className="text-sm text-slate-600">
          Last synced: {sync.lastSyncedAt ? <RelativeTime value={sync.lastSyncedAt} /> : "Never synced"}
        </p>
        {sync.status === "failed" && sync.error ? <p className="mt-1 text-sm text-red-700">{sync.error}</p> : null}
        {running ? (
          <p className="mt-1 text-sm text-slate-600">
            This takes a moment. <Link to={`/work/projects/${projectId}?tab=code`}>Refresh</Link> to see the result.
          </p>
        ) : null}
        {pollError ? <p className="mt-1 text-sm text-red-700">{pollError}</p> : null}
      </div>
      <Form method="post" action={`/work/projects/${projectId}/sync`} preventScrollReset>
        <button type="submit" className="btn-primary" disabled={running || submitting}>
          {running || submitting ? "Syncing…" : "Sync now"}
        </button>
      </Form>
    </div>
  );
}

/**
 * While a sync runs, asks for its status every 2 s and reloads the tab once it has ended. Stops on
 * the first failed poll, and says so.
 */
function useSyncPolling(projectId: string, running: boolean): string | null {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/api/github/projects/${projectId}/sync-status`, { credentials: "same-origin" });
        if (!response.ok) throw new Error(String(response.status));
        const status = (await response.json()) as SyncStatusView;
        if (!stopped && status.status !== "running") {
          stopped = true;
          clearInterval(timer);
          revalidator.revalidate();
        }
      } catch {
        stopped = true;
        clearInterval(timer);
        setError("Could not check the sync status. Refresh the page to try again.");
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // The revalidator's identity changes on each render; polling depends only on these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, running]);
  return error;
}

function Contributors({ contributors }: { contributors: ContributionView[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Contributors</h2>
      {contributors.length === 0 ? (
        <p className="mt-1 text-slate-600">No contributors yet. They show after the first sync.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {contributors.map((person) => (
            <li key={person.username} className="flex flex-wrap items-center gap-3 py-3">
              <span
                aria-hidden="true"
                className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
              >
                {initialsOf(person.member?.fullName ?? person.username)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">
                  {person.githubUrl ? (
                    <a href={person.githubUrl} rel="noopener noreferrer" target="_blank" className="underline">
                      {person.username}
                    </a>
                  ) : (
                    person.username
                  )}
                  {person.member ? (
                    <span className="font-normal text-slate-600">
                      {" "}
                      · {person.member.fullName}, {person.member.roleInProject}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {person.commits} commits · {person.pullRequests} pull requests · {person.codeReviews} reviews ·{" "}
                  <span className="text-green-800">+{person.linesAdded}</span>{" "}
                  <span className="text-red-700">−{person.linesDeleted}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
