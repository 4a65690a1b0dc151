import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import { identityProvider, STRATEGY } from "~/auth/identity.server";
import { rememberRedirect, safeRedirect } from "~/auth/redirect-cookie.server";
import { enforceRateLimit } from "~/http/rate-limit.server";

/**
 * /login: signed-in users go home (or where they were going); everyone else is sent to the
 * identity provider, remembering where to come back to.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await enforceRateLimit(request, context, "sign-in");
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  const authenticator = await (await identityProvider()).authenticatorFor(request);
  try {
    await authenticator.authenticate(STRATEGY, request);
  } catch (thrown) {
    // The strategy throws its redirect to the provider; add our return address to it.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append("Set-Cookie", await rememberRedirect(redirectTo));
      // The provider's pages are not Remix routes: the browser must load them as documents.
      thrown.headers.set("X-Remix-Reload-Document", "true");
      throw thrown;
    }
    throw thrown;
  }
  throw redirect("/");
}
