import crypto from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type * as AppEntryModule from "./app/entry.server";

/**
 * The HTTP host: headers, compression, static files, logs and health around the Remix handler.
 * It reaches application code only through the Remix server build (DESIGN principle 1).
 */
type AppEntry = typeof AppEntryModule;

const production = process.env.NODE_ENV === "production";
const viteDevServer = production
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PRODUCTION_BUILD = `./${BUILD_DIR}/server/index.js`;
async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(PRODUCTION_BUILD)) as ServerBuild;
}
const entryOf = (build: ServerBuild) => build.entry.module as unknown as AppEntry;

const initialBuild = await loadBuild();
const { config, logger, startServices, createDevIdentityProviderHandler, DEV_IDP_PATH } = entryOf(initialBuild);
await startServices();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");

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

/** 429 with Retry-After (set by express-rate-limit) and the spec's message. */
function limitPerMinute(limit: number) {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ message: "Too many requests. Please try again in a moment.", errors: {} });
    },
  });
}
app.use(
  ["/login", "/auth-callback", `${DEV_IDP_PATH}/interaction`],
  limitPerMinute(config.RATE_LIMIT_SIGN_IN_PER_MINUTE),
);
const profileWrites = limitPerMinute(config.RATE_LIMIT_WRITES_PER_MINUTE);
app.put("/api/users/:role/:id/profile", profileWrites);
app.post("/onboarding/*", profileWrites);

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
    }),
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
    strictTransportSecurity: production,
  }),
);
app.use(compression());

app.use(refuseCrossOriginUnsafeRequests);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted by Vite: safe to cache for a year.
  app.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  app.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h" }));
}
app.use(express.static("public", { maxAge: "1h" }));

app.get("/healthz", async (_req, res) => {
  const healthy = await entryOf(await loadBuild()).checkHealth();
  res.status(healthy ? 200 : 503).json({ status: healthy ? "ok" : "unavailable" });
});

app.all(
  "*",
  createRequestHandler({
    build: viteDevServer ? loadBuild : initialBuild,
    mode: production ? "production" : "development",
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, requestId: String(req.id) }),
  }),
);

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
  res.status(403).json({ message: "Cross-origin request refused." });
}

const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info(`Server listening on http://${config.HOST === "127.0.0.1" ? "localhost" : config.HOST}:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void entryOf(initialBuild)
      .stopServices()
      .finally(() => process.exit(0));
  });
}
