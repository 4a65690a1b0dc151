import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { logger } from "./logger.server";
import { NonceProvider } from "./utils/nonce";
import { markPersonal } from "./utils/personal.server";
import { noteIfDatabaseUnavailable, statusForRequest } from "./utils/service-unavailable.server";

// What server.ts may use: it reaches the application only through these exports.
export { config } from "./config.server";
export { logger } from "./logger.server";
export { checkHealth, startServices, stopServices } from "./services.server";
export { createDevIdentityProviderHandler, DEV_IDP_PATH } from "./auth/dev-idp.server";
export { rateLimited, TOO_MANY_REQUESTS } from "./http/rate-limit.server";
export { withWriteLimits } from "./http/write-limit.server";
export { publicUrlRedirect } from "./utils/public-url.server";
export { attachNotificationHub } from "./realtime/hub.server";
export { listenForPageChanges } from "./realtime/page-changes.server";
export { runInRequestScope } from "./utils/request-scope.server";
export { onUnhandledRejection } from "./utils/unhandled-rejections.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  markPersonal(request, responseHeaders);
  responseStatusCode = statusForRequest(request, responseStatusCode, responseHeaders);
  // An action's 429 (http/write-limit.server.ts) renders the page again: its Retry-After goes too.
  if (responseStatusCode === 429 && !responseHeaders.has("Retry-After")) {
    const retryAfter = Object.values(remixContext.staticHandlerContext.actionHeaders ?? {})
      .map((headers) => headers.get("Retry-After"))
      .find(Boolean);
    if (retryAfter) responseHeaders.set("Retry-After", retryAfter);
  }
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    // An error inside the page that React recovered from; one that stops the shell is Remix's to report.
    let recovered: unknown = null;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Every screen renders whole on the server (it must work without JavaScript, so nothing
        // streams in later), so the page is sent as one buffer when it is all there: one write
        // and one compression instead of a stream of React's 2 KB chunks through web streams.
        onAllReady() {
          clearTimeout(abortTimer);
          if (recovered) console.error(recovered);
          const body = new PassThrough();
          // React ends its destination twice, and a finished stream answers the second end by
          // building an error with its stack trace, on every page (PERFORMANCE.md).
          const end = body.end.bind(body);
          body.end = ((...args: Parameters<typeof end>) => (body.writableEnded ? body : end(...args))) as typeof end;
          pipe(body);
          buffer(body).then((html) => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          recovered = error;
        },
      },
    );
  });
}

/** `.data` answers (loaders and actions called by the client) are personal like their pages. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  markPersonal(request, response.headers);
  if (statusForRequest(request, response.status, response.headers) === 503) {
    return new Response(response.body, { status: 503, headers: response.headers });
  }
  // A rate limit's 429 reaches a `.data` answer without its headers: its window ends with the minute.
  if (response.status === 429 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(60 - new Date().getSeconds()));
  }
  return response;
};

/** Unexpected errors only: aborted requests and thrown responses (404s and such) are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (noteIfDatabaseUnavailable(request, error)) {
    logger.warn({ err: error, url: request.url }, "database unavailable");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled error");
};
