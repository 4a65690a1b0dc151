import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { randomBytes } from "node:crypto";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "../../host/page-cache";

/**
 * The host's page cache in front of a stand-in for Remix (a function from Request to Response):
 * what is kept (visitors' pages alone), and when it is dropped. The real pages and the database's change
 * notices are covered by tests/e2e/api-page-cache.spec.ts and tests/integration/page-changes.test.ts.
 */
const SHARED = "public, max-age=0, s-maxage=30";

interface Stand {
  url: string;
  renders: () => number;
  clear: () => void;
  close: () => Promise<void>;
}
const open: Stand[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((stand) => stand.close()));
});

/**
 * A server whose "Remix" renders `render(request, count, nonce)` and counts its renders; each
 * request has a nonce of its own in its policy, as server.ts gives it.
 */
async function stand(
  render: (request: Request, count: number, nonce: string) => Response | Promise<Response>,
): Promise<Stand> {
  let renders = 0;
  const cache = createPageCache();
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.all(
    "*",
    cache.handler(
      async (request, context) => render(request, ++renders, context.cspNonce),
      (_req, res) => ({ cspNonce: res.locals.cspNonce as string, requestId: "test" }),
    ),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const result: Stand = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    clear: () => cache.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  open.push(result);
  return result;
}

const page = (body: string, headers: Record<string, string> = { "Cache-Control": SHARED }) =>
  new Response(body, { headers: { "Content-Type": "text/html", ...headers } });

describe("the page cache", () => {
  it("keeps a page per reader's locale: dates are written in it", async () => {
    const site = await stand((request, count) => page(`${request.headers.get("Accept-Language")} ${count}`));
    const french = { "Accept-Language": "fr-FR,fr;q=0.9" };
    expect(await (await fetch(`${site.url}/about`, { headers: french })).text()).toBe("fr-FR,fr;q=0.9 1");
    const english = await fetch(`${site.url}/about`, { headers: { "Accept-Language": "en-GB" } });
    expect(english.headers.get("X-Cache")).toBe("MISS");
    expect(english.headers.get("Vary")).toMatch(/Accept-Language/);
    const again = await fetch(`${site.url}/about`, { headers: { "Accept-Language": "fr-FR" } });
    expect([again.headers.get("X-Cache"), await again.text()]).toEqual(["HIT", "fr-FR,fr;q=0.9 1"]);
    expect(site.renders()).toBe(2);
  });

  it("keeps a shared page for visitors, with its ETag, and answers a matching If-None-Match with 304", async () => {
    const site = await stand((_request, count) => page(`render ${count}`));
    const first = await fetch(`${site.url}/about`);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(await first.text()).toBe("render 1");
    const second = await fetch(`${site.url}/about`);
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(await second.text()).toBe("render 1");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));

    const revalidated = await fetch(`${site.url}/about`, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(revalidated.status).toBe(304);
    expect(site.renders()).toBe(1);
  });

  it("gives every answer of a kept page its own nonce, the one its policy names", async () => {
    const body = (nonce: string) =>
      `<head><script nonce="${nonce}">1</script></head>${"<p>cards</p>".repeat(300)}<script nonce="${nonce}" type="module"></script>`;
    const site = await stand((_request, _count, nonce) => page(body(nonce)));
    const nonceOf = (answer: Response) => /'nonce-([^']+)'/.exec(answer.headers.get("Content-Security-Policy")!)![1]!;
    const seen = new Set<string>();
    // Browsers get gzip spliced from parts compressed once (host/gzip-splice.ts), brotli only
    // when they take nothing else.
    const sent = { identity: "identity", "gzip, deflate, br": "gzip", gzip: "gzip", br: "br" } as const;
    for (const accept of ["identity", "gzip, deflate, br", "gzip, deflate, br", "gzip", "br"] as const) {
      const answer = await fetch(`${site.url}/`, { headers: { "Accept-Encoding": accept } });
      expect(answer.headers.get("Content-Encoding") ?? "identity").toBe(sent[accept]);
      const nonce = nonceOf(answer);
      expect(await answer.text()).toBe(body(nonce));
      seen.add(nonce);
    }
    expect(site.renders()).toBe(1);
    expect(seen.size).toBe(5);

    // A page just rendered goes out gzipped whole for its answer alone: its parts are compressed
    // for splicing only once it is served again.
    const other = await stand((_request, _count, nonce) => page(body(nonce)));
    const rendered = await fetch(`${other.url}/`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect([rendered.headers.get("X-Cache"), rendered.headers.get("Content-Encoding")]).toEqual(["MISS", "gzip"]);
    const renderedBody = body(nonceOf(rendered));
    expect(Number(rendered.headers.get("Content-Length"))).toBe(zlib.gzipSync(renderedBody).length);
    expect(await rendered.text()).toBe(renderedBody);
    const kept = await fetch(`${other.url}/`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect([kept.headers.get("X-Cache"), kept.headers.get("Content-Encoding")]).toEqual(["HIT", "gzip"]);
    expect(await kept.text()).toBe(body(nonceOf(kept)));

    // A browser revalidating its copy keeps that copy's policy: a 304 names no other nonce.
    const first = await fetch(`${site.url}/`);
    expect(first.headers.get("ETag")).toMatch(/^W\//);
    const revalidated = await fetch(`${site.url}/`, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("sends a kept page compressed as the browser accepts it, brotli first", async () => {
    const body = "<p>cards</p>".repeat(500);
    const site = await stand(() => page(body));
    await fetch(`${site.url}/`);
    const raw = await fetch(`${site.url}/`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(raw.headers.get("Content-Encoding")).toBe("br");
    // fetch decodes the body itself: it arrives as sent before compression.
    expect(await raw.text()).toBe(body);
    const gzipOnly = await fetch(`${site.url}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipOnly.headers.get("Content-Encoding")).toBe("gzip");
    expect(Number(gzipOnly.headers.get("Content-Length"))).toBe(zlib.gzipSync(body).length);
  });

  it("sends a page not kept compressed whole, with its status and every header, and other answers as they come", async () => {
    const body = "<p>my work</p>".repeat(500);
    const site = await stand((request) => {
      if (new URL(request.url).pathname === "/data") {
        const stream = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("[1,"));
            controller.enqueue(new TextEncoder().encode("2]"));
            controller.close();
          },
        });
        return new Response(stream, { headers: { "Content-Type": "text/x-script" } });
      }
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private" });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return new Response(body, { status: 404, headers });
    });
    const signedIn = { Cookie: "__session=grace" };
    const gzip = await fetch(`${site.url}/work`, { headers: { ...signedIn, "Accept-Encoding": "gzip, deflate, br" } });
    expect([gzip.status, gzip.headers.get("Content-Encoding"), gzip.headers.get("X-Cache")]).toEqual([
      404,
      "gzip",
      null,
    ]);
    expect(Number(gzip.headers.get("Content-Length"))).toBe(zlib.gzipSync(body).length);
    expect(gzip.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(gzip.headers.get("Vary")).toMatch(/Accept-Encoding/);
    expect(await gzip.text()).toBe(body);

    const brotli = await fetch(`${site.url}/work`, { headers: { ...signedIn, "Accept-Encoding": "br" } });
    expect([brotli.headers.get("Content-Encoding"), await brotli.text()]).toEqual(["br", body]);
    const plain = await fetch(`${site.url}/work`, { headers: { ...signedIn, "Accept-Encoding": "identity" } });
    expect([plain.headers.get("Content-Encoding"), plain.headers.get("Content-Length"), await plain.text()]).toEqual([
      null,
      String(body.length),
      body,
    ]);
    const head = await fetch(`${site.url}/work`, { method: "HEAD", headers: signedIn });
    expect([head.status, await head.text()]).toEqual([404, ""]);

    const data = await fetch(`${site.url}/data`, { headers: signedIn });
    expect([data.headers.get("Content-Type"), await data.text()]).toEqual(["text/x-script; charset=utf-8", "[1,2]"]);
  });

  it("never serves a kept page to a request with a cookie or a token, nor keeps its answer", async () => {
    // Every answer here is marked shared: credentials alone keep it out of the cache.
    const site = await stand((request, count) => {
      const cookie = request.headers.get("Cookie");
      const who = cookie ? `Signed in as ${cookie}` : request.headers.get("Authorization") ? "API" : "Welcome, visitor";
      return page(`${who} (render ${count})`);
    });
    const read = async (headers: Record<string, string> = {}) => {
      const answer = await fetch(`${site.url}/`, { headers });
      return `${await answer.text()} ${answer.headers.get("X-Cache")}`;
    };
    expect(await read()).toBe("Welcome, visitor (render 1) MISS");
    expect(await read({ Cookie: "__session=grace" })).toBe("Signed in as __session=grace (render 2) null");
    expect(await read({ Cookie: "__session=grace" })).toBe("Signed in as __session=grace (render 3) null");
    expect(await read({ Authorization: "Bearer x" })).toBe("API (render 4) null");
    expect(await read({ Authorization: "Bearer x" })).toBe("API (render 5) null");
    // A visitor's reload is served the kept page: no crowd can render the shared pages at will.
    expect(await read({ "Cache-Control": "no-cache" })).toBe("Welcome, visitor (render 1) HIT");
    expect(site.renders()).toBe(5);
  });

  it("keeps visitors' pages through writes answered here: only a page-change notice drops them", async () => {
    const site = await stand((request, count) =>
      request.method === "POST" ? new Response(null, { status: 204 }) : page(`render ${count}`),
    );
    const read = async () => (await fetch(`${site.url}/about`)).headers.get("X-Cache");
    expect([await read(), await read()]).toEqual(["MISS", "HIT"]);
    await fetch(`${site.url}/work/tasks`, { method: "POST", headers: { Cookie: "__session=amara" } });
    expect(await read()).toBe("HIT");
    site.clear(); // a project renamed, on any instance
    expect(await read()).toBe("MISS");
  });

  it("keeps only 200s marked public with an s-maxage and no cookie being set", async () => {
    const answers: Record<string, Response> = {
      "/private": page("mine", { "Cache-Control": "private, no-store" }),
      "/unmarked": page("plain", {}),
      "/cookie": page("set", { "Cache-Control": SHARED, "Set-Cookie": "__toast=1" }),
      "/missing": new Response("gone", { status: 404, headers: { "Cache-Control": SHARED } }),
    };
    const site = await stand((request) => answers[new URL(request.url).pathname]!.clone());
    for (const path of Object.keys(answers)) {
      await fetch(`${site.url}${path}`);
      const again = await fetch(`${site.url}${path}`);
      expect(again.headers.get("X-Cache"), path).not.toBe("HIT");
    }
  });

  it("drops kept pages when their data changes, and does not keep one rendered while it changed", async () => {
    let release: () => void = () => {};
    let slow = false;
    const site = await stand(async (_request, count) => {
      if (slow) await new Promise<void>((resolve) => (release = resolve));
      return page(`render ${count}`);
    });
    await fetch(`${site.url}/`);
    site.clear();
    expect(await (await fetch(`${site.url}/`)).text()).toBe("render 2");

    slow = true;
    site.clear();
    const during = fetch(`${site.url}/`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    site.clear(); // a write commits while the page renders
    release();
    expect(await (await during).text()).toBe("render 3");
    slow = false;
    expect((await fetch(`${site.url}/`)).headers.get("X-Cache")).toBe("MISS");
  });

  it("renders a page once for a crowd of visitors asking for it at the same time", async () => {
    const site = await stand(async (_request, count) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return page(`render ${count}`);
    });
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${site.url}/search-projects`).then((answer) => answer.text())),
    );
    expect(new Set(bodies)).toEqual(new Set(["render 1"]));
    expect(site.renders()).toBe(1);
  });

  it("answers HEAD from a kept page without a body", async () => {
    const site = await stand(() => page("body"));
    await fetch(`${site.url}/`);
    const head = await fetch(`${site.url}/`, { method: "HEAD" });
    expect(head.headers.get("X-Cache")).toBe("HIT");
    expect(await head.text()).toBe("");
  });
});
