import { expect, test } from "./fixtures";

/**
 * The headers Mozilla Observatory grades, served as they are behind an HTTPS proxy
 * (X-Forwarded-Proto from loopback), scored with its rules: start at 100, add or subtract each
 * test's modifier; A+ is 100 or more with no failing test. Cookies' Secure flag depends on
 * PUBLIC_URL being https and is checked in tests/integration/secure-cookies.test.ts.
 */

type Directives = Map<string, string[]>;

function parseCsp(header: string): Directives {
  const directives: Directives = new Map();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Each Observatory test's outcome and modifier (its v2 scoring table), for the headers given. */
function observatoryResults(headers: Record<string, string>): Record<string, number> {
  const results: Record<string, number> = {};
  const csp = headers["content-security-policy"];
  if (!csp) {
    results["csp-not-implemented"] = -25;
  } else {
    const directives = parseCsp(csp);
    const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
    const strictDynamic = scripts.includes("'strict-dynamic'") && scripts.some((s) => s.startsWith("'nonce-"));
    const styles = directives.get("style-src") ?? directives.get("default-src") ?? [];
    if (scripts.includes("'unsafe-eval'")) results["csp-implemented-with-unsafe-eval"] = -10;
    else if (scripts.includes("'unsafe-inline'") && !strictDynamic) results["csp-implemented-with-unsafe-inline"] = -20;
    else if ([...directives.values()].flat().some((source) => /^(http:|\*$)/.test(source))) {
      results["csp-implemented-with-insecure-scheme"] = -20;
    } else if (!directives.has("default-src")) results["csp-implemented-but-no-default-src"] = -5;
    else if (directives.get("default-src")!.includes("'none'"))
      results["csp-implemented-with-no-unsafe-default-src-none"] = 10;
    else if (styles.includes("'unsafe-inline'")) results["csp-implemented-with-unsafe-inline-in-style-src-only"] = 0;
    else results["csp-implemented-with-no-unsafe"] = 0;
  }
  // Browsers use the last policy they understand.
  const referrer = (headers["referrer-policy"] ?? "").split(",").pop()!.trim();
  if (/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(referrer)) {
    results["referrer-policy-private"] = 5;
  } else if (!referrer) results["referrer-policy-not-implemented"] = 0;
  else results["referrer-policy-unsafe"] = -5;
  const hsts = /max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "");
  if (!hsts) results["hsts-not-implemented"] = -20;
  else if (Number(hsts[1]) < 15_552_000) results["hsts-implemented-max-age-less-than-six-months"] = -10;
  else results["hsts-implemented-max-age-at-least-six-months"] = 0;
  if (headers["x-content-type-options"] === "nosniff") results["x-content-type-options-nosniff"] = 0;
  else results["x-content-type-options-not-implemented"] = -5;
  const frameAncestors = csp ? parseCsp(csp).get("frame-ancestors") : undefined;
  if (frameAncestors?.join(" ") === "'none'" || frameAncestors?.join(" ") === "'self'") {
    results["x-frame-options-implemented-via-csp"] = 5;
  } else if (!headers["x-frame-options"]) results["x-frame-options-not-implemented"] = -20;
  if (headers["access-control-allow-origin"] === "*" && headers["access-control-allow-credentials"] === "true") {
    results["cross-origin-resource-sharing-implemented-with-universal-access"] = -50;
  }
  return results;
}

test.describe("headers graded as Mozilla Observatory does", () => {
  for (const path of ["/", "/search-projects", "/about"]) {
    test(`${path} over HTTPS scores A+ (100 or more, no failing test)`, async ({ request }) => {
      const response = await request.get(path, { headers: { "X-Forwarded-Proto": "https" } });
      expect(response.status()).toBe(200);
      const results = observatoryResults(response.headers());
      const failing = Object.entries(results).filter(([, modifier]) => modifier < 0);
      expect(failing, "failing Observatory tests").toEqual([]);
      const score = 100 + Object.values(results).reduce((sum, modifier) => sum + modifier, 0);
      expect(score, JSON.stringify(results)).toBeGreaterThanOrEqual(100);

      // The parts of a strict policy, spelt out: scripts only by nonce, no plugins, no base tag.
      const csp = parseCsp(response.headers()["content-security-policy"]!);
      expect(csp.get("script-src")).toEqual(expect.arrayContaining(["'strict-dynamic'"]));
      expect(csp.get("script-src")!.some((source) => source.startsWith("'nonce-"))).toBe(true);
      expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(response.headers()["permissions-policy"]).toContain("camera=()");
    });
  }
});
