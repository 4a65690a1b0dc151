import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import type express from "express";
import { LRUCache } from "lru-cache";
import { type Encoding, preferredEncoding } from "./encoding";

/**
 * A short shared cache of visitors' pages in front of Remix. Only answers a route marks as shared
 * (`Cache-Control: public, s-maxage=N`, see app/utils/shared-cache.ts) to requests without
 * credentials (no cookie, no Authorization) are kept, for N seconds or until the data behind them
 * changes (`clear`, called on every instance through the database's page-change notices). A
 * request with a cookie never reads it, so a signed-in page is never served to a visitor nor the
 * other way round. Kept pages carry an ETag (a request with a matching If-None-Match gets a 304)
 * and are compressed once, not per request.
 */
interface CachedPage {
  headers: [string, string][];
  /** The Content-Security-Policy the page was rendered under: its script tags carry that nonce. */
  contentSecurityPolicy: string | undefined;
  etag: string;
  bodies: Record<Encoding, Buffer>;
}

type RemixHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;
type LoadContextOf = (req: express.Request, res: express.Response) => AppLoadContext;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const BROTLI_QUALITY = 7; // near 11's size at a fraction of its CPU: pages are compressed while serving

/** Seconds a shared cache may keep this answer, or null when it must not keep it. */
export function sharedLifetime(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return null;
  const seconds = Number(/\bs-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  return seconds > 0 ? seconds : null;
}

/** A request whose answer can be shared: it carries nothing that could make the answer personal. */
export function isVisitorRequest(req: express.Request): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie && !req.headers.authorization;
}

export function createPageCache({ maxBytes = 64 * 1024 * 1024 } = {}) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length,
  });
  // Renders under way: visitors asking for the same page meanwhile wait for it instead of
  // rendering it again (a crowd arriving at once costs one render, not one each).
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // Bumped by every clear: a page rendered while its data changed is not kept.
  let generation = 0;

  /** Renders a visitor's GET; sends it and returns it as a page to keep, or null when it is not shareable. */
  async function render(
    req: express.Request,
    res: express.Response,
    handleRemix: RemixHandler,
    loadContextOf: LoadContextOf,
  ) {
    const since = generation;
    const response = await handleRemix(createRemixRequest(req, res), loadContextOf(req, res));
    const seconds = sharedLifetime(response);
    if (seconds === null) {
      await sendRemixResponse(res, response);
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const [gzipped, brotlied] = await Promise.all([
      gzip(body),
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    ]);
    const page: CachedPage = {
      headers: [...response.headers.entries()],
      contentSecurityPolicy: res.getHeader("Content-Security-Policy")?.toString(),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      bodies: { identity: body, gzip: gzipped, br: brotlied },
    };
    if (generation === since) pages.set(req.originalUrl, page, { ttl: seconds * 1000 });
    sendKept(req, res, page, "MISS");
    return page;
  }

  return {
    /** Drops every kept page (their data changed). */
    clear() {
      generation++;
      pages.clear();
    },

    /** An Express handler in place of Remix's own adapter, with the cache in front of it. */
    handler(handleRemix: RemixHandler, loadContextOf: LoadContextOf): express.RequestHandler {
      return async (req, res, next) => {
        try {
          const key = req.originalUrl;
          const visitor = isVisitorRequest(req);
          const kept = visitor ? (pages.get(key) ?? (await rendering.get(key))) : undefined;
          if (kept) return sendKept(req, res, kept, "HIT");
          if (!visitor || req.method !== "GET" || rendering.has(key)) {
            return await sendRemixResponse(
              res,
              await handleRemix(createRemixRequest(req, res), loadContextOf(req, res)),
            );
          }
          const page = render(req, res, handleRemix, loadContextOf);
          rendering.set(
            key,
            page.catch(() => null),
          );
          try {
            await page;
          } finally {
            rendering.delete(key);
          }
        } catch (error) {
          next(error);
        }
      };
    },
  };
}

function sendKept(req: express.Request, res: express.Response, page: CachedPage, cache: "HIT" | "MISS") {
  for (const [name, value] of page.headers) res.append(name, value);
  if (page.contentSecurityPolicy) res.setHeader("Content-Security-Policy", page.contentSecurityPolicy);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", cache);
  if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(page.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = preferredEncoding(req, ["br", "gzip"]);
  const body = page.bodies[encoding];
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}
