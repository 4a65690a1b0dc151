import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { clearStateCookies, identityProvider, STRATEGY } from "~/auth/identity.server";
import { takeRedirect } from "~/auth/redirect-cookie.server";
import { createUserSession } from "~/auth/session.server";
import { logger } from "~/logger.server";
import { ensureUser } from "~/models/user.server";
import { enforceRateLimit } from "~/http/rate-limit.server";

export const meta: MetaFunction = () => [{ title: "Signing you in… · Gainers Hub" }];

/**
 * The provider sends the browser back here with a code. We exchange it, ensure the user exists
 * (once per session), start a fresh session and route: new users choose a role, others go to
 * where they were going or home (spec section 4, Sign-in and routing).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await enforceRateLimit(request, context, "sign-in");
  const url = new URL(request.url);
  if (!url.searchParams.has("code") && !url.searchParams.has("error")) throw redirect("/login");
  const { to, clear } = await takeRedirect(request);
  const clearCookies = [clear, ...clearStateCookies(request)];
  try {
    const authenticator = await (await identityProvider()).authenticatorFor(request);
    const identity = await authenticator.authenticate(STRATEGY, request);
    const user = await ensureUser(identity);
    const response = await createUserSession(request, user.userId, user.isNewUser ? "/choose-role" : (to ?? "/"));
    for (const cookie of clearCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error }, "sign-in failed");
    const headers = new Headers();
    for (const cookie of clearCookies) headers.append("Set-Cookie", cookie);
    return data({ failed: true }, { status: 401, headers });
  }
}

export default function AuthCallback() {
  const { failed } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      {failed ? (
        <>
          <h1 className="text-2xl font-semibold">Authentication failed. Please try signing in again.</h1>
          <Link
            to="/login"
            className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white"
          >
            Sign in
          </Link>
        </>
      ) : (
        <p role="status">Signing you in…</p>
      )}
    </div>
  );
}
