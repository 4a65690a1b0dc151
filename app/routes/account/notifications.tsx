import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { RelativeTime } from "~/components/date-time";
import { JoinRequestNoteView, requestIdOf } from "~/components/join-request-note";
import { decideJoinRequest } from "~/models/join-request.server";
import {
  clearNotifications,
  countUnread,
  getNotification,
  INBOX_PAGE_SIZE,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  joinRequestNotes,
  type JoinRequestNote,
  removeNotification,
} from "~/models/notification-inbox.server";
import { asDomainError, invariantResponse } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { idSchema } from "~/utils/ids";
import { redirectWithToast } from "~/http/toast.server";
import { DecisionButtons } from "~/components/decision-buttons";

/**
 * The notifications page: the whole inbox with every action as a plain form, so the bell works
 * without JavaScript (DESIGN principle 6). The live bell posts to the same action with a fetcher
 * and `via=panel`, and gets JSON back instead of a redirect.
 */
export const meta: MetaFunction = () => [{ title: "Notifications · Gainers Hub" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  // Past the largest safe integer a number no longer says which notification (and the bigint
  // comparison overflowed): such a page is the first one, like any other unusable value.
  const before = z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .catch(undefined)
    .parse(params.get("before") ?? undefined);
  const [page, unread] = await Promise.all([
    listNotifications(user.userId, { limit: INBOX_PAGE_SIZE + 1, beforeSeq: before }),
    countUnread(user.userId),
  ]);
  const notifications = page.slice(0, INBOX_PAGE_SIZE);
  const joinRequests = await joinRequestNotes(user.userId, notifications);
  return {
    notifications,
    unread,
    joinRequests,
    olderThan: page.length > INBOX_PAGE_SIZE ? notifications.at(-1)!.seq : null,
    isFirstPage: before === undefined,
    confirmClear: params.get("confirm") === "clear",
    now: new Date().toISOString(),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: idSchema }),
  z.object({ intent: z.literal("read"), id: idSchema }),
  z.object({ intent: z.literal("remove"), id: idSchema }),
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("decide"), id: idSchema }),
]);

const DONE_TEXT = {
  read: "Marked as read.",
  remove: "Notification removed.",
  "read-all": "All notifications marked as read.",
  clear: "All notifications cleared.",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(formData));
  invariantResponse(parsed.success, "This request is missing what it needs (a notification).");
  const form = parsed.data;
  const fromPanel = formData.get("via") === "panel";
  const reply = async (message: string, type: "success" | "error" = "success", status = 200) =>
    fromPanel
      ? data({ ok: type === "success", message }, { status })
      : redirectWithToast("/notifications", { type, message });
  try {
    switch (form.intent) {
      case "open": {
        // A click on a notification reads it and goes where it points.
        const notification = await getNotification(user.userId, form.id);
        await markNotificationRead(user.userId, form.id);
        return redirect(notification.link || "/notifications");
      }
      case "read":
        await markNotificationRead(user.userId, form.id);
        return await reply(DONE_TEXT.read);
      case "remove":
        await removeNotification(user.userId, form.id);
        return await reply(DONE_TEXT.remove);
      case "read-all":
        await markAllNotificationsRead(user.userId);
        return await reply(DONE_TEXT["read-all"]);
      case "clear":
        await clearNotifications(user.userId);
        return await reply(DONE_TEXT.clear);
      case "decide": {
        // Decided from the notification itself (spec section 4, Join request).
        const notification = await getNotification(user.userId, form.id);
        const { projectId, requestId } = notification.data;
        invariantResponse(
          notification.eventName === "projectJoinRequested" &&
            typeof projectId === "string" &&
            typeof requestId === "string",
          "This notification is not a join request.",
        );
        const decided = await decideJoinRequest(user, projectId, requestId, Object.fromEntries(formData));
        await markNotificationRead(user.userId, form.id);
        return await reply(decided.status === "Approved" ? "Join request approved!" : "Join request rejected!");
      }
    }
  } catch (error) {
    const known = asDomainError(error);
    if (!known) throw error;
    return await reply(known.message, "error", known.status);
  }
}

export default function Notifications() {
  const { notifications, unread, joinRequests, olderThan, isFirstPage, confirmClear, now } =
    useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-3xl py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Notifications</h1>
          <p className="mt-1 text-slate-600">{unread === 0 ? "You're all caught up." : `${unread} unread`}</p>
        </div>
        {notifications.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <button type="submit" name="intent" value="read-all" className="btn-secondary" disabled={unread === 0}>
                Mark all read
              </button>
            </Form>
            <Link to="?confirm=clear#clear" className="btn-secondary">
              Clear all
            </Link>
          </div>
        ) : null}
      </div>

      {confirmClear && notifications.length > 0 ? (
        <div
          id="clear"
          role="alertdialog"
          aria-labelledby="clear-title"
          className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5"
        >
          <p id="clear-title" className="font-semibold text-red-900">
            Remove all your notifications? This cannot be undone.
          </p>
          <Form method="post" className="mt-3 flex gap-2">
            <button type="submit" name="intent" value="clear" className="btn-primary !bg-red-700 hover:!bg-red-800">
              Clear all
            </button>
            <Link to="/notifications" className="btn-secondary">
              Keep them
            </Link>
          </Form>
        </div>
      ) : null}

      {notifications.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold">{isFirstPage ? "No notifications yet" : "No older notifications"}</p>
          <p className="mt-1 text-slate-600">
            Join requests, decisions, tasks, milestones and forum replies you are part of will show up here.
          </p>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              joinRequest={joinRequests[requestIdOf(notification.data)] ?? null}
            />
          ))}
        </ul>
      )}

      <nav aria-label="Older and newer notifications" className="mt-6 flex justify-between gap-3">
        {isFirstPage ? (
          <span />
        ) : (
          <Link to="/notifications" className="btn-secondary">
            ← Newest
          </Link>
        )}
        {olderThan !== null ? (
          <Link to={`?before=${olderThan}`} className="btn-secondary" rel="next">
            Older →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function NotificationItem({
  notification,
  now,
  joinRequest,
}: {
  notification: NotificationView;
  now: string;
  /** For a join request's notification: the request, pending or decided. */
  joinRequest: JoinRequestNote | null;
}) {
  const { id, title, message, reason, read, muted, createdAt } = notification;
  return (
    <li className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-start ${read ? "" : "bg-brand-50/60"}`}>
      <span
        aria-hidden="true"
        className={`mt-2 hidden h-2.5 w-2.5 shrink-0 rounded-full sm:block ${read ? "bg-transparent" : "bg-brand-600"}`}
      />
      <div className="min-w-0 flex-1">
        <ItemForm id={id} intent="open" className="text-left font-semibold text-ink underline-offset-2 hover:underline">
          {read ? null : <span className="sr-only">Unread: </span>}
          {title}
        </ItemForm>
        <p className="mt-0.5 break-words text-slate-700">{message}</p>
        <p className="mt-1 text-sm text-slate-500">
          <RelativeTime value={createdAt} now={new Date(now)} /> · Because {reason || "it concerns you"}
          {muted ? " · muted project" : ""}
        </p>
        {joinRequest ? <JoinRequestNoteView note={joinRequest} /> : null}
        {joinRequest?.status === "Pending" ? <DecisionForms id={id} /> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {read ? null : (
          <ItemForm id={id} intent="read" className={SMALL_BUTTON} label={`Mark as read: ${title}`}>
            Mark as read
          </ItemForm>
        )}
        <ItemForm id={id} intent="remove" className={SMALL_BUTTON} label={`Remove notification: ${title}`}>
          Remove
        </ItemForm>
      </div>
    </li>
  );
}

const SMALL_BUTTON = "btn-secondary !min-h-9 !px-3 text-sm";

/** One button acting on one notification (open, mark read, remove), as a plain form. */
function ItemForm({
  id,
  intent,
  className,
  label,
  children,
}: {
  id: string;
  intent: "open" | "read" | "remove";
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className={className} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/** Approve or reject a join request from its notification, with an optional reason. */
function DecisionForms({ id }: { id: string }) {
  return (
    <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value="decide" />
      <label className="flex min-w-0 flex-1 flex-col text-sm">
        <span className="font-medium">
          Reason <span className="font-normal text-slate-500">(optional)</span>
        </span>
        <input name="reason" maxLength={500} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
      </label>
      <div className="flex gap-2">
        <DecisionButtons size="medium" />
      </div>
    </Form>
  );
}
