import { Link } from "@remix-run/react";
import type { ReviewInbox } from "~/models/review-inbox.server";

/**
 * My Projects' review turns: "3 reviews waiting for you" (a mentor's or admin's) and "2 tasks
 * back to you" (an assignee's, changes requested), each with its first tasks. Nothing when
 * nothing waits.
 */
export function ReviewInboxPanel({ inbox }: { inbox: ReviewInbox }) {
  const { waitingForYou, backToYou } = inbox;
  if (waitingForYou.total === 0 && backToYou.total === 0) return null;
  return (
    <section aria-label="Reviews" className="mt-4 grid gap-3 sm:grid-cols-2">
      {waitingForYou.total ? (
        <Turn
          heading={`${waitingForYou.total} ${waitingForYou.total === 1 ? "review" : "reviews"} waiting for you`}
          items={waitingForYou.items.map((item) => ({
            ...item,
            line: item.claimedByYou
              ? `${item.projectName} · you claimed it`
              : `${item.projectName} · from ${item.personName}`,
          }))}
          tone="border-violet-200 bg-violet-50"
        />
      ) : null}
      {backToYou.total ? (
        <Turn
          heading={`${backToYou.total} ${backToYou.total === 1 ? "task" : "tasks"} back to you`}
          items={backToYou.items.map((item) => ({
            ...item,
            line: `${item.projectName} · changes asked by ${item.personName}`,
          }))}
          tone="border-amber-200 bg-amber-50"
        />
      ) : null}
    </section>
  );
}

function Turn({
  heading,
  items,
  tone,
}: {
  heading: string;
  items: { taskId: string; projectId: string; title: string; line: string }[];
  tone: string;
}) {
  return (
    <div className={`rounded-2xl border p-4 ${tone}`}>
      <h2 className="font-semibold text-ink">{heading}</h2>
      <ul className="mt-2 space-y-1">
        {items.map((item) => (
          <li key={item.taskId}>
            <Link
              to={`/work/projects/${item.projectId}/tasks/${item.taskId}`}
              className="block rounded-lg py-1 text-brand-700 underline-offset-2 hover:underline"
            >
              <span className="font-medium break-words">{item.title}</span>
              <span className="block text-xs text-slate-700">{item.line}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
