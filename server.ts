import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler as createExpressRequestHandler } from "@remix-run/express";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type * as AppEntryModule from "./app/entry.server";
import { requestDrain } from "./host/graceful-shutdown";
import { createPageCache } from "./host/page-cache";
import { staticFiles } from "./host/static-files";

/**
 * The HTTP host: headers, compression, static files, logs and health around the Remix handler.
 * It reaches application code only through the Remix server build (DESIGN principle 1).
 */
type AppEntry = typeof AppEntryModule;

const production = process.env.NODE_ENV === "production";
const viteDevServer = production
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

// Resolved from the working folder, not from this file: production runs this file compiled
// into build/server.js (npm run build), development runs it from the project root with tsx.
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// How long a shutdown waits for the requests in flight before it closes the database anyway.
const SHUTDOWN_GRACE_MS = 10_000;
const PRODUCTION_BUILD = pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href;
async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(PRODUCTION_BUILD)) as ServerBuild;
}
const entryOf = (build: ServerBuild) => build.entry.module as unknown as AppEntry;

const initialBuild = await loadBuild();
const {
  config,
  logger,
  startServices,
  createDevIdentityProviderHandler,
  DEV_IDP_PATH,
  rateLimited,
  TOO_MANY_REQUESTS,
  withWriteLimits,
  publicUrlRedirect,
  attachNotificationHub,
  listenForPageChanges,
  runInRequestScope,
  onUnhandledRejection,
} = entryOf(initialBuild);
try {
  await startServices();
} catch (error) {
  // A refusal an operator can act on (the data folder in use or damaged) is said plainly.
  if (error instanceof Error && error.name === "EmbeddedDatabaseError") process.stderr.write(`${error.message}\n`);
  else logger.fatal({ err: error }, "could not start");
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
// Every request is counted until answered, so a shutdown lets the ones in flight finish.
const requests = requestDrain(SHUTDOWN_GRACE_MS);
app.use(requests.track);

app.use(
  pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && /^[\w-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url ?? "").startsWith("/assets/") },
  }),
);

// With PUBLIC_URL set, other host names are sent there first (307 keeps the method).
app.use((req, res, next) => {
  const target = publicUrlRedirect(req.hostname, req.originalUrl);
  if (target) res.redirect(307, target);
  else next();
});

/**
 * Rate limits live in the app (counters in PostgreSQL, so `.data` requests and other instances
 * count too); the host applies them only to the development provider's sign-in form, which is
 * not a Remix route.
 */
async function limitDevSignIn(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (!req.path.startsWith("/interaction/")) return next();
  try {
    const retryAfter = await rateLimited("sign-in", clientAddress(req));
    if (retryAfter === null) return next();
    res.setHeader("Retry-After", String(retryAfter));
    res.status(429).type("text/plain").send(TOO_MANY_REQUESTS);
  } catch (error) {
    next(error);
  }
}

/** The client's address: the socket's, or X-Forwarded-For's from a proxy on loopback. */
function clientAddress(req: express.Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * Headers every answer carries, besides helmet's: features we never use are switched off, and
 * HSTS is sent only over HTTPS (directly or from a loopback proxy's X-Forwarded-Proto), since a
 * plain-HTTP answer cannot set it and a development server on http://localhost must not pin it.
 * X-Frame-Options is not sent: CSP's frame-ancestors 'none' says it, and the two disagreed.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");
app.use((req, res, next) => {
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
});

// The development identity provider's own pages use inline scripts (auto-submitting forms), so
// it gets a looser policy of its own, ahead of the application's strict one.
if (config.signInProvider === "dev") {
  app.use(
    DEV_IDP_PATH,
    compression(),
    refuseCrossOriginUnsafeRequests,
    helmet({
      contentSecurityPolicy: {
        directives: {
          scriptSrc: ["'self'", "'unsafe-inline'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: false,
      xFrameOptions: false,
    }),
    limitDevSignIn,
    await createDevIdentityProviderHandler(),
  );
}

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      // Vite's dev client injects inline code; the policy is enforced in production only.
      reportOnly: !production,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          "'strict-dynamic'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
        ],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'", ...(production ? [] : ["ws:"])],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers send `Origin: null` on same-origin form posts under no-referrer; keep the default.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
    xFrameOptions: false,
  }),
);
app.use(compression());

app.use(refuseCrossOriginUnsafeRequests);
app.use(limitRequestBodies);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
  app.use(express.static("public", { maxAge: "1h" }));
} else {
  // The client build holds public/ too (Vite copies it).
  app.use(staticFiles(`${BUILD_DIR}/client`));
}

// Set by SIGTERM: out of the balancer's rotation while the requests it still sends are answered.
let shuttingDown = false;
app.get("/healthz", async (_req, res) => {
  if (shuttingDown) return void res.status(503).json({ status: "draining" });
  const healthy = await entryOf(await loadBuild()).checkHealth();
  res.status(healthy ? 200 : 503).json({ status: healthy ? "ok" : "unavailable" });
});

app.use(refuseMethodsScreensDoNotTake(initialBuild));

// Each request's loaders share what they look up once (the signed-in user, for one).
app.use((_req, _res, next) => runInRequestScope(next));

// Every route's action counts against RATE_LIMIT_WRITES_PER_MINUTE (withWriteLimits), with the
// client's address from here.
const loadContextOf = (req: express.Request, res: express.Response) => ({
  cspNonce: res.locals.cspNonce as string,
  requestId: String(req.id),
  clientAddress: clientAddress(req),
});
if (viteDevServer) {
  // No page cache while developing: an edited page shows at once.
  app.all(
    "*",
    createExpressRequestHandler({
      build: () => loadBuild().then(withWriteLimits),
      mode: "development",
      getLoadContext: loadContextOf,
    }),
  );
} else {
  const pageCache = createPageCache();
  await listenForPageChanges(() => pageCache.clear());
  app.all("*", pageCache.handler(createRequestHandler(withWriteLimits(initialBuild), "production"), loadContextOf));
}

/** Unsafe requests that carry our cookie must come from our own origin (DESIGN principle 7). */
function refuseCrossOriginUnsafeRequests(req: express.Request, res: express.Response, next: express.NextFunction) {
  const safe = req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
  if (safe || !req.headers.cookie) return next();
  const origin = req.headers.origin ?? req.headers.referer;
  if (!origin) return next();
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = "";
  }
  if (originHost === req.headers.host) return next();
  res.status(403).json({ message: "Cross-origin request refused.", errors: {} });
}

/**
 * Bodies are capped: the largest legitimate form (a profile) is a few KB, so 100 KB leaves room
 * and stops anyone from streaming megabytes into a parser. A body must announce its length.
 */
const MAX_BODY_BYTES = 100 * 1024;
function limitRequestBodies(req: express.Request, res: express.Response, next: express.NextFunction) {
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"]) return refuse(req, res, 411, "Please send the Content-Length of the body.");
    return next();
  }
  if (!/^\d+$/.test(length)) return refuse(req, res, 400, "The Content-Length header is not a number.");
  if (Number(length) > MAX_BODY_BYTES) return refuse(req, res, 413, "The request is too large.");
  next();
}

/**
 * Screens take GET and HEAD, and POST when they have an action; anything else is a 405 with
 * `Allow` before it reaches Remix (which would run the action for DELETE too). API routes answer
 * their own 405s (apiRoute), the development identity provider its own.
 */
function refuseMethodsScreensDoNotTake(build: ServerBuild) {
  const routes = routeTree(build);
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.path.startsWith("/api/")) return next();
    if (config.signInProvider === "dev" && req.path.startsWith(DEV_IDP_PATH)) return next();
    const pathname = req.path.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
    const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.id;
    const allowed = ["GET", "HEAD", ...(leaf && build.routes[leaf]?.module.action ? ["POST"] : [])];
    if (allowed.includes(req.method)) return next();
    res.setHeader("Allow", allowed.join(", "));
    refuse(req, res, 405, "Method not allowed.");
  };
}

/** The build's flat route list as the nested tree the router matches against. */
type RouteObject = Parameters<typeof matchRoutes>[0][number];
function routeTree(build: ServerBuild): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: children(route.id) },
      );
  return children(undefined);
}

/** A refusal in the form the caller reads: JSON for the API, plain text for pages. */
function refuse(req: express.Request, res: express.Response, status: number, message: string) {
  if (req.path.startsWith("/api/")) res.status(status).json({ message, errors: {} });
  else res.status(status).type("text/plain").send(message);
}

const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(`Server listening on http://${config.HOST === "127.0.0.1" ? "localhost" : config.HOST}:${port}`);
});
// The notification hub answers WebSocket upgrades on /hubs/notifications (and refuses the rest).
await attachNotificationHub(server);
// Idle keep-alive sockets stay open longer than clients and proxies keep theirs (Node's 5 s
// default races a client reusing a socket the server is closing: ECONNRESET on a healthy server).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// A promise nobody awaited failing is logged (app/utils/unhandled-rejections.server.ts) instead
// of taking every request down with the process.
process.on("unhandledRejection", onUnhandledRejection);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing the requests in flight");
    void new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_SECONDS * 1000))
      .then(() => entryOf(initialBuild).stopServices(() => requests.drain(server)))
      .finally(() => process.exit(0));
  });
}
