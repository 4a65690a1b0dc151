import { redirect } from "@remix-run/node";
import type { BellState } from "~/models/notification-inbox.server";
import { type CurrentUser, getUserAndBellBySession, getUserByExternalId, getUserBySession } from "~/models/user.server";
import { ForbiddenError, UnauthorizedError } from "~/utils/errors.server";
import { oncePerRequest, setForRequest } from "~/utils/request-scope.server";
import { loginUrl } from "~/utils/urls";
import { type Identity, identityProvider } from "./identity.server";
import { getSessionId } from "./session.server";

/**
 * Guards that throw: a loader or action reads as the happy path. Screens use the session cookie;
 * API routes accept the cookie or an `Authorization: Bearer` access token.
 */

/** The signed-in user of a browser request, or null (looked up once per request). */
export function getOptionalUser(request: Request): Promise<CurrentUser | null> {
  return oncePerRequest(request, userKey(request), () =>
    getSessionId(request).then((sessionId) => (sessionId ? getUserBySession(sessionId) : null)),
  );
}

// Keyed by the cookie too: whatever the scope, a lookup answers only for the credentials it read.
const userKey = (request: Request) => `user:${request.headers.get("Cookie") ?? ""}`;

/**
 * The signed-in user with their bell's state, for the layout (root.tsx), in one statement. Asked
 * first, before the page's loader, it also answers that loader's `getOptionalUser`.
 */
export function getOptionalUserWithBell(request: Request): Promise<{ user: CurrentUser; bell: BellState } | null> {
  const found = getSessionId(request).then((sessionId) => (sessionId ? getUserAndBellBySession(sessionId) : null));
  const user = found.then((signedIn) => signedIn?.user ?? null);
  user.catch(() => {}); // a failed lookup is the layout's to report; later callers see it too
  setForRequest(request, userKey(request), user);
  return found;
}

/** Where to come back to after signing in: this request's path and query. */
export function returnAddress(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in user, or a redirect to sign-in that comes back here. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginUrl(returnAddress(request)));
  return user;
}

/** Where a signed-in person without a finished profile is sent (spec section 4, guard). */
export const ONBOARDING_START = "/choose-role";
export const PROFILE_FIRST = "Please create your profile first.";

/**
 * The signed-in user with a finished profile: actions honour the onboarding guard as pages do
 * (root.tsx), so someone without a profile is sent to choose a role instead of acting.
 */
export async function requireProfile(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.isNewUser) throw redirect(ONBOARDING_START);
  return user;
}

export interface ApiCaller {
  identity: Identity | null;
  user: CurrentUser | null;
}

/**
 * Who is calling the API: a verified bearer token (its user may not exist yet) or the session
 * cookie. Missing or invalid credentials are a 401 with WWW-Authenticate.
 */
export async function authenticateApiRequest(request: Request): Promise<ApiCaller> {
  const authorization = request.headers.get("Authorization");
  // Once per request: the write limit (http/write-limit.server.ts) asks before the route does.
  if (authorization) return oncePerRequest(request, `bearer:${authorization}`, () => bearerCaller(authorization));
  const user = await getOptionalUser(request);
  if (!user) throw new UnauthorizedError();
  return { identity: null, user };
}

async function bearerCaller(authorization: string): Promise<ApiCaller> {
  const [scheme, token] = authorization.split(/\s+/, 2);
  if (scheme?.toLowerCase() !== "bearer" || !token) {
    throw new UnauthorizedError("Authentication required. Please sign in.", "invalid_request");
  }
  let identity: Identity;
  try {
    identity = await (await identityProvider()).verifyAccessToken(token);
  } catch {
    throw new UnauthorizedError("Authentication expired. Please sign in again.", "invalid_token");
  }
  return { identity, user: await getUserByExternalId(identity.externalId) };
}

/** An API caller with a finished profile: 403 'Please create your profile first.' otherwise. */
export async function requireApiProfile(request: Request): Promise<CurrentUser> {
  const user = await requireApiUser(request);
  if (user.isNewUser) throw new ForbiddenError(PROFILE_FIRST);
  return user;
}

/** An API caller that has a user row. */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const { user } = await authenticateApiRequest(request);
  if (!user) throw new UnauthorizedError("No account found. User must sign in first.");
  return user;
}
