import { type FetcherWithComponents, Link, useFetcher, useNavigate } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { RelativeTime } from "~/components/date-time";
import { JoinRequestNoteView, requestIdOf } from "~/components/join-request-note";
import type { JoinRequestNote, NotificationFeed, NotificationView } from "~/models/notification-inbox.server";
import type { HubStatus } from "~/realtime/use-notification-hub";
import { DecisionButtons } from "~/components/decision-buttons";

/**
 * The notifications page's action: the panel posts the page's intents there with `via=panel`
 * and gets `{ ok, message }` back instead of a redirect.
 */
const ACTION = "/notifications";
interface PanelReply {
  ok: boolean;
  message: string;
}

export type Update = (
  change: (list: NotificationView[]) => NotificationView[],
  unreadChange?: (n: number) => number,
) => void;

/** The bell's open panel (JavaScript only), loaded when first opened: no page's first load carries it. */
export default function NotificationPanel(props: {
  status: HubStatus;
  items: NotificationView[] | null;
  unread: number;
  pending: ReadonlySet<string>;
  joinRequests: Record<string, JoinRequestNote>;
  failed: boolean;
  update: Update;
  reload: () => Promise<void>;
}) {
  const { status, items, unread, update, reload } = props;
  return (
    <section
      aria-label="Notifications"
      className="fixed inset-x-3 top-16 z-50 rounded-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-96 border border-slate-200 bg-white shadow-lg"
    >
      <PanelHeader status={status} items={items} unread={unread} update={update} reload={reload} />
      <PanelBody {...props} />
      <div className="border-t border-slate-100 p-2 text-center">
        <Link to="/notifications" className="inline-flex min-h-11 items-center px-3 font-medium text-brand-700">
          See all notifications
        </Link>
      </div>
    </section>
  );
}

/** Calls `done` when the fetcher's submission has finished (the action answered). */
function useSubmitted(fetcher: { state: string }, done: () => void) {
  const previous = useRef(fetcher.state);
  useEffect(() => {
    if (previous.current !== "idle" && fetcher.state === "idle") done();
    previous.current = fetcher.state;
  });
}

const STATUS_DOT: Record<HubStatus, string> = {
  Connected: "bg-emerald-500",
  Connecting: "bg-amber-400",
  Reconnecting: "bg-amber-400",
  Disconnected: "bg-slate-400",
};

function PanelHeader({
  status,
  items,
  unread,
  update,
  reload,
}: {
  status: HubStatus;
  items: NotificationView[] | null;
  unread: number;
  update: Update;
  reload: () => Promise<void>;
}) {
  const fetcher = useFetcher();
  useSubmitted(fetcher, () => void reload());
  // Clearing everything asks first (DESIGN principle 2), as the notifications page does.
  const [confirming, setConfirming] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (intent === "read-all") update((list) => list.map((n) => ({ ...n, read: true })), zero);
    if (intent === "clear") update(() => [], zero);
    setConfirming(false);
  };
  const empty = !items || items.length === 0;
  const buttonClass =
    "min-h-11 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:text-slate-400";
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
      <div>
        <h2 className="font-semibold">
          Notifications <span className="text-sm font-normal text-slate-600">· {unreadText(unread)}</span>
        </h2>
        <p className="flex items-center gap-1.5 text-xs text-slate-600" role="status">
          <span aria-hidden="true" className={`size-2 rounded-full ${STATUS_DOT[status]}`} />
          {status}
          {status === "Disconnected" ? <span className="font-medium text-rose-700"> · Connection lost</span> : null}
        </p>
      </div>
      <fetcher.Form method="post" action={ACTION} className="flex items-center gap-1" onSubmit={onSubmit}>
        <input type="hidden" name="via" value="panel" />
        {confirming ? (
          <>
            <span className="text-sm">Clear all?</span>
            <button type="submit" name="intent" value="clear" className={`${buttonClass} !text-rose-700`}>
              Yes, clear
            </button>
            <button type="button" className={buttonClass} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button
              type="submit"
              name="intent"
              value="read-all"
              disabled={unread === 0}
              className={`${buttonClass} !text-brand-700 disabled:!text-slate-400`}
            >
              Mark all read
            </button>
            <button type="button" disabled={empty} className={buttonClass} onClick={() => setConfirming(true)}>
              Clear all
            </button>
          </>
        )}
      </fetcher.Form>
    </div>
  );
}

const zero = () => 0;

function unreadText(unread: number) {
  return unread === 0 ? "all read" : `${unread} unread`;
}

function PanelBody({
  items,
  unread,
  pending,
  joinRequests,
  failed,
  update,
  reload,
}: {
  items: NotificationView[] | null;
  unread: number;
  pending: ReadonlySet<string>;
  joinRequests: NotificationFeed["joinRequests"];
  failed: boolean;
  update: Update;
  reload: () => Promise<void>;
}) {
  if (!items) {
    return <p className="px-3 py-4 text-sm text-slate-600">{failed ? "Failed to load notifications" : "Loading…"}</p>;
  }
  if (items.length === 0) return <p className="px-3 py-4 text-sm text-slate-600">No notifications yet.</p>;
  // The badge counts every unread one; the panel lists the latest FEED_SIZE: say what is not here.
  const unlisted = unread - items.filter((n) => !n.read).length;
  return (
    <>
      {unlisted > 0 ? (
        <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-600">
          {unlisted} more unread, older than these: see all notifications.
        </p>
      ) : null}
      <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            decidable={pending.has(requestIdOf(notification.data))}
            joinRequest={joinRequests[requestIdOf(notification.data)] ?? null}
            update={update}
            reload={reload}
          />
        ))}
      </ul>
    </>
  );
}

function NotificationItem({
  notification: n,
  decidable,
  joinRequest,
  update,
  reload,
}: {
  notification: NotificationView;
  decidable: boolean;
  joinRequest: JoinRequestNote | null;
  update: Update;
  reload: () => Promise<void>;
}) {
  const fetcher = useFetcher<PanelReply>();
  const navigate = useNavigate();
  useSubmitted(fetcher, () => void reload());
  const unreadChange = n.read || n.muted ? undefined : (count: number) => count - 1;
  const markRead = () =>
    update((list) => list.map((item) => (item.id === n.id ? { ...item, read: true } : item)), unreadChange);

  const openIt = () => {
    if (!n.read) {
      markRead();
      fetcher.submit({ intent: "read", id: n.id, via: "panel" }, { method: "post", action: ACTION });
    }
    navigate(n.link);
  };
  const remove = () => update((list) => list.filter((item) => item.id !== n.id), unreadChange);
  const deciding = fetcher.formData?.get("intent") === "decide" ? fetcher.formData.get("isApproved") : null;
  const decided = fetcher.data?.ok && fetcher.data.message.startsWith("Join request");

  return (
    <li className={`flex gap-2 px-3 py-2 ${n.read ? "" : "bg-brand-50"}`}>
      <div className="min-w-0 flex-1">
        <button type="button" onClick={openIt} className="block w-full text-left">
          <span className="flex items-baseline justify-between gap-2">
            <span className="font-semibold">
              {n.read ? null : <span className="sr-only">Unread: </span>}
              {n.title}
            </span>
            <span className="shrink-0 text-xs text-slate-600">
              <RelativeTime value={n.createdAt} />
            </span>
          </span>
          <span className="block text-sm text-slate-700">{n.message}</span>
          <span className="block text-xs text-slate-500">Because {n.reason}</span>
        </button>
        {joinRequest ? <JoinRequestNoteView note={joinRequest} compact /> : null}
        {n.read ? null : (
          <ItemForm fetcher={fetcher} id={n.id} intent="read" onSubmit={markRead}>
            <button
              type="submit"
              aria-label={`Mark as read: ${n.title}`}
              className="-ml-1 inline-flex min-h-9 items-center rounded px-1 text-sm font-medium text-brand-700 hover:underline"
            >
              Mark as read
            </button>
          </ItemForm>
        )}
        {deciding ? (
          <p className="mt-1 text-sm text-slate-600">{deciding === "true" ? "Approving…" : "Rejecting…"}</p>
        ) : decidable && !decided ? (
          <ItemForm
            fetcher={fetcher}
            id={n.id}
            intent="decide"
            onSubmit={markRead}
            className="mt-1 flex flex-wrap gap-2"
          >
            <input
              name="reason"
              maxLength={500}
              aria-label={`Reason (optional) for ${n.title}`}
              placeholder="Reason (optional)"
              className="min-h-9 w-full basis-full rounded-lg border border-slate-300 px-2 text-sm"
            />
            <DecisionButtons size="small" />
          </ItemForm>
        ) : null}
        {fetcher.state === "idle" && fetcher.data && (decided || !fetcher.data.ok) ? (
          <p role="status" className={`mt-1 text-sm ${fetcher.data.ok ? "text-emerald-700" : "text-rose-700"}`}>
            {fetcher.data.message}
          </p>
        ) : null}
      </div>
      <ItemForm fetcher={fetcher} id={n.id} intent="remove" onSubmit={remove}>
        <button
          type="submit"
          aria-label={`Remove notification: ${n.title}`}
          className="grid min-h-11 min-w-11 place-items-center rounded-lg text-slate-500 hover:bg-slate-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      </ItemForm>
    </li>
  );
}

/** A form about one notification, posted in place to the notifications page's action. */
function ItemForm({
  fetcher,
  id,
  intent,
  onSubmit,
  className,
  children,
}: {
  fetcher: FetcherWithComponents<PanelReply>;
  id: string;
  intent: "read" | "decide" | "remove";
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={ACTION} className={className} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="via" value="panel" />
      {children}
    </fetcher.Form>
  );
}
