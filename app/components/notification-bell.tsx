import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import type { NotificationFeed, NotificationView } from "~/models/notification-inbox.server";
import { useNotificationHub } from "~/realtime/use-notification-hub";

/** What the root loader tells the bell about the signed-in person's notifications. */
export interface BellState {
  unread: number;
  /** The newest notification's sequence number; the live connection asks for what came after. */
  latestSeq: number;
}

interface BellProps {
  state: BellState;
  /** The header's menu group: the panel is one of its disclosures (one open at a time). */
  menuRef: RefObject<HTMLDetailsElement>;
  onToggle: () => void;
}

/**
 * The header's bell. Without JavaScript it is a link to /notifications with the unread count;
 * once the page's script runs it is a disclosure with a live panel fed by the notification hub.
 */
export function NotificationBell(props: BellProps) {
  const hydrated = useHydrated();
  return hydrated ? <LiveBell {...props} /> : <BellLink unread={props.state.unread} />;
}

const bellClass =
  "relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100";

function bellLabel(unread: number) {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

function BellLink({ unread }: { unread: number }) {
  return (
    <Link to="/notifications" className={bellClass} aria-label={bellLabel(unread)}>
      <BellIcon />
      {unread > 0 ? <UnreadBadge count={unread} /> : null}
    </Link>
  );
}

const FEED = "/notifications/feed";
const NotificationPanel = lazy(() => import("./notification-panel"));

/** Newest first, each once: what the panel lists after a load or a push. */
function merge(...lists: NotificationView[][]): NotificationView[] {
  const byId = new Map<string, NotificationView>();
  for (const list of lists) for (const n of list) if (!byId.has(n.id)) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.seq - a.seq);
}

/**
 * A live notification about the project the open page shows (its page, its work page, My
 * Projects' panel of its requests) reloads that page's data, so the page never contradicts the
 * bell: a request approved meanwhile no longer reads "Request Pending".
 */
function useRefreshWhatIsShown() {
  const location = useLocation();
  const revalidator = useRevalidator();
  const where = useRef({ location, revalidator });
  where.current = { location, revalidator };
  return useCallback((notification: NotificationView) => {
    const { location, revalidator } = where.current;
    const projectId = notification.projectId;
    if (projectId && `${location.pathname}${location.search}`.includes(projectId)) revalidator.revalidate();
  }, []);
}

function LiveBell({ state, menuRef, onToggle }: BellProps) {
  const [unread, setUnread] = useState(state.unread);
  // Each revalidation of the root loader (after any action) brings the authoritative count.
  useEffect(() => setUnread(state.unread), [state]);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [joinRequests, setJoinRequests] = useState<NotificationFeed["joinRequests"]>({});
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);

  const refreshIfShown = useRefreshWhatIsShown();
  const status = useNotificationHub(true, state.latestSeq, {
    onNotification: (notification) => {
      setItems((list) => (list ? merge([notification], list) : list));
      refreshIfShown(notification);
      // A join request that just arrived waits for a decision.
      const requestId = notification.data.requestId;
      if (notification.eventName === "projectJoinRequested" && typeof requestId === "string") {
        setPending((ids) => new Set(ids).add(requestId));
        // Its applicant and message come with the feed: read it again while the panel shows.
        if (menuRef.current?.open) void loadRef.current();
      }
    },
    onUnread: setUnread,
  });

  const load = useCallback(async () => {
    try {
      const response = await fetch(FEED, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`feed: ${response.status}`);
      const feed = (await response.json()) as NotificationFeed;
      const newest = feed.notifications[0]?.seq ?? 0;
      // Pushes that arrived while the feed was on its way stay in the list.
      setItems((list) =>
        merge(
          feed.notifications,
          (list ?? []).filter((n) => n.seq > newest),
        ),
      );
      setJoinRequests(feed.joinRequests);
      setPending(
        new Set(
          Object.entries(feed.joinRequests)
            .filter(([, note]) => note.status === "Pending")
            .map(([id]) => id),
        ),
      );
      setUnread(feed.unread);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  const loadRef = useRef(load);
  loadRef.current = load;

  const toggled = () => {
    const isOpen = Boolean(menuRef.current?.open);
    setOpen(isOpen);
    if (isOpen) void load();
    onToggle();
  };

  const update = (change: (list: NotificationView[]) => NotificationView[], unreadChange?: (n: number) => number) => {
    setItems((list) => (list ? change(list) : list));
    if (unreadChange) setUnread((n) => Math.max(0, unreadChange(n)));
  };

  return (
    <details className="relative" ref={menuRef} onToggle={toggled}>
      <summary
        className={`${bellClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={bellLabel(unread)}
        title={status === "Disconnected" ? "Connection lost" : undefined}
      >
        <BellIcon />
        {unread > 0 ? <UnreadBadge count={unread} /> : null}
        {status === "Disconnected" ? (
          <span aria-hidden="true" className="absolute bottom-1 right-1 size-2.5 rounded-full bg-slate-400" />
        ) : null}
      </summary>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel
            status={status}
            items={items}
            unread={unread}
            pending={pending}
            joinRequests={joinRequests}
            failed={failed}
            update={update}
            reload={load}
          />
        </Suspense>
      ) : null}
    </details>
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
