import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signIn, signUpAsGainer, uniqueEmail } from "./auth";

/**
 * Visitors' pages come from a short shared cache (host/page-cache.ts): kept, revalidated by ETag,
 * dropped when a write commits, and never mixed with a signed-in person's pages, which are never
 * kept. Other tests write at the same time and empty the cache too, so "kept" is awaited rather
 * than assumed.
 */
const cacheState = async (request: APIRequestContext, path: string) => (await request.get(path)).headers()["x-cache"];

test.describe("the shared cache of visitors' pages", () => {
  test("keeps a visitor's page, answers its ETag with 304, and drops it when data changes", async ({
    request,
    page,
  }) => {
    const path = "/search-projects?tab=open";
    await expect.poll(() => cacheState(request, path)).toBe("HIT");
    const kept = await request.get(path);
    expect(kept.headers()["cache-control"]).toMatch(/public, .*s-maxage=\d+/);
    expect(kept.headers()["content-security-policy"]).toContain("nonce-");
    const etag = kept.headers()["etag"]!;
    await expect.poll(async () => (await request.get(path, { headers: { "If-None-Match": etag } })).status()).toBe(304);

    await expect.poll(() => cacheState(request, path)).toBe("HIT");
    // A new person signing in writes their user row: every kept page goes.
    await signIn(page, uniqueEmail("cache"));
    await expect.poll(() => cacheState(request, path), { timeout: 3_000 }).toBe("MISS");
  });

  test("gives every answer of a kept page a nonce of its own, named by its policy", async ({ request }) => {
    const path = "/about";
    const answers: { nonce: string; inPage: string[] }[] = [];
    // Other tests' writes empty the cache: collect answers that came from it.
    await expect
      .poll(async () => {
        const answer = await request.get(path);
        if (answer.headers()["x-cache"] !== "HIT") return answers.length;
        const nonce = /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"]!)![1]!;
        const inPage = [...(await answer.text()).matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]!);
        answers.push({ nonce, inPage });
        return answers.length;
      })
      .toBeGreaterThanOrEqual(3);
    for (const { nonce, inPage } of answers) {
      expect(inPage.length).toBeGreaterThan(0);
      expect(new Set(inPage)).toEqual(new Set([nonce]));
    }
    expect(new Set(answers.map((answer) => answer.nonce)).size).toBe(answers.length);
  });

  test("never serves a signed-in page to a visitor, nor a visitor's kept page to someone signed in", async ({
    request,
    page,
  }) => {
    await expect.poll(() => cacheState(request, "/")).toBe("HIT");
    await signIn(page, "amara.okafor@example.org");
    const personal = await page.request.get("/");
    expect(personal.headers()["cache-control"]).toBe("private, no-store");
    const personalHtml = await personal.text();
    expect(personalHtml).toContain("Account menu for Amara Okafor");

    const visitor = await request.get("/");
    expect(visitor.headers()["cache-control"]).toMatch(/^public/);
    expect(await visitor.text()).not.toContain("Account menu for");
  });

  test("keeps the public project lists for visitors, never for a caller with credentials", async ({
    request,
    page,
  }) => {
    const path = "/api/projects/active?pageSize=3";
    await expect.poll(() => cacheState(request, path)).toBe("HIT");
    const kept = await request.get(path);
    expect(kept.headers()["cache-control"]).toBe("public, max-age=30, s-maxage=30");
    expect(kept.headers()["x-total-count"]).toMatch(/^\d+$/);
    expect(await kept.json()).toHaveLength(3);

    await signIn(page, "grace.mensah@example.org");
    const signedIn = await page.request.get(path);
    expect(signedIn.headers()["x-cache"]).toBeUndefined();
    expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
  });

  test("never keeps a signed-in page: each answer is rendered, the person's own write shows at once", async ({
    browser,
    page,
    request,
  }) => {
    const { userId } = await signUpAsGainer(page, "Unkept Page");
    for (let i = 0; i < 3; i++) {
      const answer = await page.request.get("/about");
      // No X-Cache: the cache neither served nor kept it (it marks every answer it handles).
      expect(answer.headers()["x-cache"]).toBeUndefined();
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
      expect(await answer.text()).toContain("Account menu for Unkept Page");
    }

    const other = await browser.newPage();
    await signIn(other, "grace.mensah@example.org");
    for (let i = 0; i < 3; i++) {
      const theirs = await (await other.request.get("/about")).text();
      expect(theirs).toContain("Account menu for Grace Mensah");
      expect(theirs).not.toContain("Unkept Page");
    }
    await other.close();

    const renamed = await page.request.put(`/api/users/gainer/${userId}/profile`, {
      data: {
        fullName: "Renamed Page",
        biography: "Renamed by an end-to-end test.",
        currentRole: "Student",
        yearsOfExperience: 1,
        educationStatus: "Self-Taught",
        areasOfInterest: ["Web Development"],
      },
    });
    expect(renamed.ok(), await renamed.text()).toBe(true);
    expect(await (await page.request.get("/about")).text()).toContain("Account menu for Renamed Page");

    const cookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
    expect((await page.request.post("/logout")).ok()).toBe(true);
    const replayed = await request.get("/about", { headers: { Cookie: `__session=${cookie.value}` } });
    expect(await replayed.text()).not.toContain("Account menu for");
  });
});
