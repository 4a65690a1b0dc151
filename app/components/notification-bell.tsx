import { Link } from "@remix-run/react";

/** What the root loader tells the bell about the signed-in person's notifications. */
export interface BellState {
  unread: number;
  /** The newest notification's sequence number; the live connection asks for what came after. */
  latestSeq: number;
}

/**
 * The header's bell. Without JavaScript it is a link to /notifications with the unread count;
 * the live panel (WebSocket hub) builds on it once the page's script runs.
 */
export function NotificationBell({ state }: { state: BellState }) {
  const { unread } = state;
  return (
    <Link
      to="/notifications"
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
    >
      <BellIcon />
      {unread > 0 ? <UnreadBadge count={unread} /> : null}
    </Link>
  );
}

export function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-semibold leading-5 text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
