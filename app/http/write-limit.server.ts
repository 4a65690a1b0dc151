import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type ServerBuild } from "@remix-run/node";
import { z } from "zod";
import { authenticateApiRequest, getOptionalUser } from "~/auth/guards.server";
import { config } from "~/config.server";
import { logger } from "~/logger.server";
import { hitRateLimits } from "~/models/rate-limit.server";
import { oncePerRequest, setForRequest } from "~/utils/request-scope.server";
import { TOO_MANY_REQUESTS } from "./rate-limit.server";
import { toastHeader } from "./toast.server";

/**
 * RATE_LIMIT_WRITES_PER_MINUTE over every unsafe request: each route's action is wrapped once,
 * where the server takes the build, so none is left out. Counted per address and per person in
 * the database, so every instance counts the same hits.
 */

type Action = NonNullable<ServerBuild["routes"][string]["module"]["action"]>;

/** Routes whose action is not a write worth limiting: signing out must always work. */
const UNLIMITED_ROUTES = new Set(["routes/account/logout"]);

/** The build with every route's action going through the write limit. */
export function withWriteLimits(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const action = route.module.action;
      if (!action || UNLIMITED_ROUTES.has(id)) return [id, route];
      return [id, { ...route, module: { ...route.module, action: limitWrites(action) } }];
    }),
  );
  return { ...build, routes };
}

/** One route's action behind the write limit. */
export function limitWrites(action: Action): Action {
  return async (args) => {
    const retryAfter = await overWriteLimit(args);
    if (retryAfter === null) return action(args);
    return refuseWrite(args.request, retryAfter);
  };
}

/**
 * Seconds until the caller may write again, or null when this write may go ahead. Requests that
 * did not come through the HTTP server (a script or test calling a route module) have no client
 * address and are not counted. A failure to count (the database away) lets the route answer.
 */
async function overWriteLimit({ request, context }: ActionFunctionArgs): Promise<number | null> {
  const clientAddress = context?.clientAddress;
  if (!clientAddress) return null;
  try {
    const person = await personOf(request);
    const keys = [`writes:${clientAddress}`, ...(person ? [`writes:user:${person}`] : [])];
    const results = await hitRateLimits(keys, config.RATE_LIMIT_WRITES_PER_MINUTE);
    const refused = results.filter((result) => !result.allowed);
    if (refused.length === 0) return null;
    setForRequest(request, WRITE_REFUSED, true);
    return Math.max(...refused.map((result) => result.retryAfter));
  } catch (error) {
    logger.warn({ err: error, url: request.url }, "write limit not counted");
    return null;
  }
}

/** The signed-in person of a write (looked up once per request: the route reuses it), or null. */
async function personOf(request: Request): Promise<string | null> {
  if (request.headers.get("Authorization")) {
    const caller = await authenticateApiRequest(request).catch(() => null);
    if (caller) return caller.user?.userId ?? caller.identity?.externalId ?? null;
  }
  const user = await getOptionalUser(request).catch(() => null);
  return user?.userId ?? null;
}

const WRITE_REFUSED = "write-refused";

/** A fetch from the page's script (Remix's fetchers and forms), not the browser posting a form. */
const sentByScript = (request: Request) => {
  const mode = request.headers.get("Sec-Fetch-Mode");
  return mode !== null && mode !== "navigate";
};

/** Whether this request's write was refused by the limit (the root shows why on the page). */
export function wasWriteRefused(request: Request): boolean {
  return oncePerRequest(request, WRITE_REFUSED, () => false);
}

/**
 * 429 with Retry-After: `{ message, errors }` for the API; for a screen, the page again (nothing
 * typed is lost) with the message as the form's error (conform's `lastResult`) and as a toast.
 */
async function refuseWrite(request: Request, retryAfter: number): Promise<Response | ReturnType<typeof data>> {
  const headers: Record<string, string> = { "Retry-After": String(retryAfter) };
  if (new URL(request.url).pathname.startsWith("/api/")) {
    return Response.json({ message: TOO_MANY_REQUESTS, errors: {} }, { status: 429, headers });
  }
  if (sentByScript(request)) headers["Set-Cookie"] = await toastHeader({ type: "error", message: TOO_MANY_REQUESTS });
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: z.object({}) });
  const intent = formData.get("intent");
  return data(
    {
      rateLimited: true as const,
      message: TOO_MANY_REQUESTS,
      intent: typeof intent === "string" ? intent : null,
      result: submission.reply({ formErrors: [TOO_MANY_REQUESTS] }),
    },
    { status: 429, headers },
  );
}
