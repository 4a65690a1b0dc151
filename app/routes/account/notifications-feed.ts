import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import {
  bellState,
  listNotifications,
  type NotificationView,
  pendingJoinRequestIds,
} from "~/models/notification-inbox.server";
import { PERSONAL_CACHE_CONTROL } from "~/utils/personal.server";

/** How many the bell's panel lists; the notifications page has them all. */
export const FEED_SIZE = 20;

export interface NotificationFeed {
  notifications: NotificationView[];
  /** Join requests among them that still wait for a decision (their notifications offer Approve/Reject). */
  pendingRequests: string[];
  unread: number;
  latestSeq: number;
}

/**
 * The bell's panel (JavaScript only): the signed-in person's latest notifications as JSON. Muted
 * projects are left out, as they are of the badge's count and of live pushes, so the panel lists
 * exactly what the badge counts (the notifications page has them all).
 * Read with the session cookie; anybody else gets a 401 and nothing of anyone's.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Response> {
  const headers = { "Cache-Control": PERSONAL_CACHE_CONTROL };
  const user = await getOptionalUser(request);
  if (!user) return Response.json({ message: "Authentication required. Please sign in." }, { status: 401, headers });
  const [notifications, bell] = await Promise.all([
    listNotifications(user.userId, { limit: FEED_SIZE, unmutedOnly: true }),
    bellState(user.userId),
  ]);
  const pending = await pendingJoinRequestIds(
    notifications.filter((n) => n.eventName === "projectJoinRequested").map((n) => String(n.data.requestId ?? "")),
  );
  return Response.json({ notifications, pendingRequests: [...pending], ...bell } satisfies NotificationFeed, {
    headers,
  });
}
