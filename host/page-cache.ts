import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import type express from "express";
import { LRUCache } from "lru-cache";
import { pickLocale } from "../app/utils/dates";
import { type Encoding, preferredEncoding } from "./encoding";
import { compressParts, type SplicedGzip, spliceGzip } from "./gzip-splice";

/**
 * A short cache of rendered pages in front of Remix, on two shelves:
 *
 * - Visitors' pages. Only answers a route marks as shared (`Cache-Control: public, s-maxage=N`,
 *   see app/utils/shared-cache.ts) to requests without credentials (no cookie, no Authorization)
 *   are kept, for N seconds, and served to such requests only.
 * - A signed-in person's pages (HTML documents and `.data` answers), kept for the exact Cookie
 *   header they came with, for PERSONAL_PAGE_SECONDS, and served to that Cookie header only: the
 *   same cookie is the same session, so it is the same person seeing the same page. A reload
 *   renders it afresh. Browsers are still told `private, no-store` (utils/personal.server.ts):
 *   this copy never leaves the server.
 *
 * A page is dropped when the data behind it may have changed: every kept page on a write to what
 * visitors see (`clear`, through the database's page-change notices, on every instance), the
 * personal shelf on a write only signed-in pages show (`clearPersonal`, likewise) and, at once, when
 * this instance has handled any unsafe request (before answering it), so whoever wrote reads their
 * own write. A page rendered
 * while its data changed is not kept. Kept pages carry an ETag (a matching If-None-Match gets a
 * 304) and are compressed once per encoding, not per request.
 *
 * Every answer has a CSP nonce of its own, kept pages too: a page is kept cut at the nonce it was
 * rendered with, and each answer puts its own request's nonce (the one its Content-Security-Policy
 * names) in those places, so nobody learns the nonce of anybody else's page. Such a page, served
 * again, goes out as gzip spliced from parts compressed once (host/gzip-splice.ts: brotli has no
 * seams to splice at), and its ETag is weak (the bytes differ by the nonce).
 */
interface CachedPage {
  headers: [string, string][];
  etag: string;
  /** The body cut where the rendering's nonce stood; one part when it holds none. */
  parts: Buffer[];
  /** The whole body, for pages without a nonce. */
  body: Buffer;
  /** The length of the nonce the page was cut at. */
  nonceLength: number;
  /** Compressed once, when a request first accepts that encoding (pages without a nonce). */
  encoded: Partial<Record<Exclude<Encoding, "identity">, Promise<Buffer>>>;
  /** The parts compressed once for gzip answers (pages with a nonce), or null if they cannot be. */
  spliced?: Promise<SplicedGzip | null>;
}

type RemixHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;
type LoadContextOf = (req: express.Request, res: express.Response) => AppLoadContext;
type Shelf = "shared" | "personal";

/** Seconds a signed-in person's page is kept for their cookie, unless a write drops it sooner. */
export const PERSONAL_PAGE_SECONDS = 30;

const brotliCompress = promisify(zlib.brotliCompress);
const compress: Record<Exclude<Encoding, "identity">, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gzip),
  // Near 11's size at a fraction of its CPU: pages are compressed while serving.
  br: (body) => brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7 } }),
};

/** Seconds a shared cache may keep this answer, or null when it must not keep it. */
export function sharedLifetime(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return null;
  const seconds = Number(/\bs-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  return seconds > 0 ? seconds : null;
}

/**
 * Seconds a signed-in person's answer may be kept for them, or null: a page or `.data` answer
 * that sets no cookie (one that does, a toast shown once or a new session, is never repeated).
 */
export function personalLifetime(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
  const type = response.headers.get("Content-Type") ?? "";
  return /^text\/(html|x-script)\b/.test(type) ? PERSONAL_PAGE_SECONDS : null;
}

const isSafe = (req: express.Request) => req.method === "GET" || req.method === "HEAD";

/**
 * A reload (browsers send `max-age=0`, `no-cache` on a hard one): a signed-in person who reloads
 * gets a page rendered now, which is kept in place of the old. Visitors' pages ignore it, so no
 * crowd can render the shared pages at will.
 */
function asksForFreshPage(req: express.Request): boolean {
  return /\b(no-cache|max-age=0)\b/.test(req.headers["cache-control"] ?? "") || req.headers.pragma === "no-cache";
}

/**
 * Where a request's answer may be kept and found: the shared shelf for a GET or HEAD with no
 * credentials at all, the personal one for a cookie's, or null (writes, bearer tokens). Pages
 * write dates in the reader's locale, so a page is kept per locale.
 */
function placeOf(req: express.Request): { shelf: Shelf; key: string } | null {
  if (!isSafe(req) || req.headers.authorization) return null;
  const page = `${pickLocale(req.headers["accept-language"])}\n${req.originalUrl}`;
  if (!req.headers.cookie) return { shelf: "shared", key: page };
  return { shelf: "personal", key: `${req.headers.cookie}\n${page}` };
}

export function createPageCache({ maxBytes = 64 * 1024 * 1024, personalMaxBytes = 32 * 1024 * 1024 } = {}) {
  // Room for the body and its two compressed copies, which come later.
  const sizeCalculation = (page: CachedPage) => Math.ceil(page.body.length * 1.5) + 1;
  const shelves: Record<Shelf, LRUCache<string, CachedPage>> = {
    shared: new LRUCache({ maxSize: maxBytes, sizeCalculation }),
    personal: new LRUCache({ maxSize: personalMaxBytes, sizeCalculation }),
  };
  const lifetime: Record<Shelf, (response: Response) => number | null> = {
    shared: sharedLifetime,
    personal: personalLifetime,
  };
  // Renders under way: requests for the same page meanwhile wait for it instead of rendering it
  // again (a crowd arriving at once costs one render, not one each).
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // Bumped by every clear of a shelf: a page rendered while its data changed is not kept.
  const generation: Record<Shelf, number> = { shared: 0, personal: 0 };

  function clearShelf(shelf: Shelf) {
    generation[shelf]++;
    shelves[shelf].clear();
  }

  /**
   * An answer that is not kept. After a write by anyone here, once it has been handled and before
   * it is answered, signed-in pages are dropped, so whoever wrote sees it on their next page
   * whatever the notices' delay.
   */
  async function handleUncached(
    req: express.Request,
    res: express.Response,
    handleRemix: RemixHandler,
    loadContextOf: LoadContextOf,
  ) {
    try {
      return await handleRemix(createRemixRequest(req, res), loadContextOf(req, res));
    } finally {
      if (!isSafe(req)) clearShelf("personal");
    }
  }

  /** Renders a GET; sends it and returns it as a page to keep, or null when it may not be kept. */
  async function render(
    req: express.Request,
    res: express.Response,
    { shelf, key }: { shelf: Shelf; key: string },
    handleRemix: RemixHandler,
    loadContextOf: LoadContextOf,
  ) {
    const since = generation[shelf];
    const response = await handleRemix(createRemixRequest(req, res), loadContextOf(req, res));
    const seconds = lifetime[shelf](response);
    if (seconds === null) {
      await sendRemixResponse(res, response);
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const { cspNonce } = loadContextOf(req, res);
    const parts = cspNonce ? splitBuffer(body, Buffer.from(cspNonce)) : [body];
    const hash = createHash("sha1");
    for (const part of parts) hash.update(part).update("\0");
    const digest = `"${hash.digest("base64url")}"`;
    const page: CachedPage = {
      headers: [...response.headers.entries()],
      etag: parts.length > 1 ? `W/${digest}` : digest,
      parts,
      body,
      nonceLength: cspNonce ? Buffer.byteLength(cspNonce) : 0,
      encoded: {},
    };
    if (generation[shelf] === since) shelves[shelf].set(key, page, { ttl: seconds * 1000 });
    await sendKept(req, res, page, "MISS", cspNonce);
    return page;
  }

  return {
    /** Drops every kept page (data visitors see changed). */
    clear() {
      clearShelf("shared");
      clearShelf("personal");
    },

    /** Drops signed-in people's kept pages (data only they see changed). */
    clearPersonal() {
      clearShelf("personal");
    },

    /** An Express handler in place of Remix's own adapter, with the cache in front of it. */
    handler(handleRemix: RemixHandler, loadContextOf: LoadContextOf): express.RequestHandler {
      return async (req, res, next) => {
        try {
          const place = placeOf(req);
          if (!place) return await sendRemixResponse(res, await handleUncached(req, res, handleRemix, loadContextOf));
          const { shelf, key } = place;
          const reload = shelf === "personal" && asksForFreshPage(req);
          const kept = reload ? undefined : (shelves[shelf].get(key) ?? (await rendering.get(key)));
          if (kept) return await sendKept(req, res, kept, "HIT", loadContextOf(req, res).cspNonce);
          if (req.method !== "GET" || rendering.has(key)) {
            return await sendRemixResponse(res, await handleUncached(req, res, handleRemix, loadContextOf));
          }
          const page = render(req, res, place, handleRemix, loadContextOf);
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

async function sendKept(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  cache: "HIT" | "MISS",
  nonce: string,
) {
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", cache);
  if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(page.etag)) {
    // The browser keeps the page it has, whose scripts carry the nonce of its own answer: a
    // policy here would replace that answer's and stop them.
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  res.vary("Accept-Encoding");
  res.vary("Accept-Language");
  const body =
    page.parts.length <= 1
      ? await encodedOnce(req, res, page)
      : cache === "MISS"
        ? await compressedForThisAnswer(req, res, page.body)
        : await withNonce(req, res, page, nonce);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

/** A page without a nonce, compressed once per encoding. */
async function encodedOnce(req: express.Request, res: express.Response, page: CachedPage): Promise<Buffer> {
  const encoding = preferredEncoding(req, ["br", "gzip"]);
  if (encoding === "identity") return page.body;
  res.setHeader("Content-Encoding", encoding);
  return (page.encoded[encoding] ??= compress[encoding](page.body));
}

/**
 * `body` compressed for this answer alone: gzip where taken (a third of brotli's CPU, for a page
 * most likely sent once), else brotli, else as it is. A page just rendered goes out so, its nonce
 * already in place; the parts to splice wait until a kept page is served again.
 */
async function compressedForThisAnswer(req: express.Request, res: express.Response, body: Buffer): Promise<Buffer> {
  const encoding = req.acceptsEncodings("gzip") === "gzip" ? "gzip" : preferredEncoding(req, ["br"]);
  if (encoding === "identity") return body;
  res.setHeader("Content-Encoding", encoding);
  return compress[encoding](body);
}

/**
 * A page with this answer's nonce: gzip spliced from parts compressed once when the browser takes
 * gzip (all do), else brotli compressed for this answer alone, else as it is.
 */
async function withNonce(req: express.Request, res: express.Response, page: CachedPage, nonce: string) {
  const value = Buffer.from(nonce);
  if (req.acceptsEncodings("gzip") === "gzip") {
    const spliced = await (page.spliced ??= compressParts(page.parts, page.nonceLength).catch(() => null));
    // A nonce of another length than the one the parts were cut for cannot take its place.
    if (spliced && value.length === page.nonceLength) {
      res.setHeader("Content-Encoding", "gzip");
      return spliceGzip(spliced, value);
    }
  }
  return compressedForThisAnswer(req, res, joinBuffers(page.parts, value));
}

/** `body` cut at every occurrence of `separator`. */
function splitBuffer(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** The parts joined again, `separator` between each two. */
function joinBuffers(parts: Buffer[], separator: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
}
