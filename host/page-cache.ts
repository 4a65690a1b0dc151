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
 * A short cache of visitors' pages in front of Remix. Only answers a route marks as shared
 * (`Cache-Control: public, s-maxage=N`, see app/utils/shared-cache.ts) to requests without
 * credentials (no cookie, no Authorization) are kept, for N seconds, and served to such requests
 * only. A request with a cookie or a token is never answered from the cache nor kept.
 *
 * Every kept page is dropped on a write to what visitors see (`clear`, through the database's
 * page-change notices, on every instance). A page rendered while its data changed is not kept.
 * Kept pages carry an ETag (a matching If-None-Match gets a 304) and are compressed once per
 * encoding, not per request.
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
 * The key a request's answer may be kept and found under, or null: only a GET or HEAD with no
 * credentials at all has one. Pages write dates in the reader's locale, so a page is kept per locale.
 */
function keyOf(req: express.Request): string | null {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.authorization || req.headers.cookie) return null;
  return `${pickLocale(req.headers["accept-language"])}\n${req.originalUrl}`;
}

export function createPageCache({ maxBytes = 64 * 1024 * 1024 } = {}) {
  const kept = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    // Room for the body and its two compressed copies, which come later.
    sizeCalculation: (page) => Math.ceil(page.body.length * 1.5) + 1,
  });
  // Renders under way: requests for the same page meanwhile wait for it instead of rendering it
  // again (a crowd arriving at once costs one render, not one each).
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // Bumped by every clear: a page rendered while its data changed is not kept.
  let generation = 0;

  /** Renders and sends an answer that is not kept. */
  async function handleUncached(
    req: express.Request,
    res: express.Response,
    handleRemix: RemixHandler,
    loadContextOf: LoadContextOf,
  ) {
    await sendUnkept(req, res, await handleRemix(createRemixRequest(req, res), loadContextOf(req, res)));
  }

  /** Renders a GET; sends it and returns it as a page to keep, or null when it may not be kept. */
  async function render(
    req: express.Request,
    res: express.Response,
    key: string,
    handleRemix: RemixHandler,
    loadContextOf: LoadContextOf,
  ) {
    const since = generation;
    const response = await handleRemix(createRemixRequest(req, res), loadContextOf(req, res));
    const seconds = sharedLifetime(response);
    if (seconds === null) {
      await sendUnkept(req, res, response);
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
    if (generation === since) kept.set(key, page, { ttl: seconds * 1000 });
    await sendKept(req, res, page, "MISS", cspNonce);
    return page;
  }

  return {
    /** Drops every kept page (data visitors see changed). */
    clear() {
      generation++;
      kept.clear();
    },

    /** An Express handler in place of Remix's own adapter, with the cache in front of it. */
    handler(handleRemix: RemixHandler, loadContextOf: LoadContextOf): express.RequestHandler {
      return async (req, res, next) => {
        try {
          const key = keyOf(req);
          if (key === null) return await handleUncached(req, res, handleRemix, loadContextOf);
          const page = kept.get(key) ?? (await rendering.get(key));
          if (page) return await sendKept(req, res, page, "HIT", loadContextOf(req, res).cspNonce);
          if (req.method !== "GET" || rendering.has(key)) {
            return await handleUncached(req, res, handleRemix, loadContextOf);
          }
          const rendered = render(req, res, key, handleRemix, loadContextOf);
          rendering.set(
            key,
            rendered.catch(() => null),
          );
          try {
            await rendered;
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
 * An answer that is not kept. A page (entry.server.tsx renders it whole) is compressed in one
 * call; other answers, such as `.data` streams, go through Remix's adapter and the compression
 * middleware.
 */
async function sendUnkept(req: express.Request, res: express.Response, response: Response) {
  if (!response.body || !response.headers.get("Content-Type")?.startsWith("text/html")) {
    return sendRemixResponse(res, response);
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  res.vary("Accept-Encoding");
  const sent = await compressedForThisAnswer(req, res, body);
  res.setHeader("Content-Length", sent.length);
  res.end(req.method === "HEAD" ? undefined : sent);
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
