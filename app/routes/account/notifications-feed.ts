import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import {
  bellState,
  joinRequestNotes,
  listNotifications,
  type NotificationFeed,
} from "~/models/notification-inbox.server";
import { PERSONAL_CACHE_CONTROL } from "~/utils/personal.server";

/** How many the bell's panel lists; the notifications page has them all. */
export const FEED_SIZE = 20;

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
  const joinRequests = await joinRequestNotes(user.userId, notifications);
  return Response.json({ notifications, joinRequests, ...bell } satisfies NotificationFeed, {
    headers,
  });
}
