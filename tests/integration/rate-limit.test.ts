import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { hitRateLimit, pruneRateLimitCounters } from "~/models/rate-limit.server";
import { loader as authCallbackLoader } from "~/routes/account/auth-callback";
import { action as profileRouteAction } from "~/routes/api/users/profile";
import { limitWrites } from "~/http/write-limit.server";
import { apiRequest, routeContext } from "../fixtures/api";
import { createUser } from "../fixtures/factories";

const key = () => `test:${randomBytes(6).toString("hex")}`;
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomBytes(3).toString("hex")}`;

describe("rate limit counters in PostgreSQL", () => {
  it("counts hits per key and refuses over the limit with the seconds left", async () => {
    const k = key();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(k, 3));
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfter).toBeGreaterThanOrEqual(1);
    expect(results[3]!.retryAfter).toBeLessThanOrEqual(60);
    // Another key has its own count.
    expect((await hitRateLimit(key(), 3)).hits).toBe(1);
  });

  it("hits at the same moment are all counted (one atomic upsert)", async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(k, 10)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("a new window starts the count again; old windows are pruned", async () => {
    const k = key();
    await hitRateLimit(k, 1);
    expect((await hitRateLimit(k, 1)).allowed).toBe(false);
    await db
      .updateTable("rate_limit_counters")
      .set({ window_start: sql<Date>`now() - interval '1 hour'` })
      .where("key", "=", k)
      .execute();
    expect(await hitRateLimit(k, 1)).toMatchObject({ hits: 1, allowed: true });
    await db
      .updateTable("rate_limit_counters")
      .set({ window_start: sql<Date>`now() - interval '1 hour'` })
      .where("key", "=", k)
      .execute();
    expect(await pruneRateLimitCounters()).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom("rate_limit_counters").where("key", "=", k).execute()).toHaveLength(0);
  });
});

describe("routes count hits per client address", () => {
  const limits = { signIn: config.RATE_LIMIT_SIGN_IN_PER_MINUTE, writes: config.RATE_LIMIT_WRITES_PER_MINUTE };
  afterEach(() => {
    config.RATE_LIMIT_SIGN_IN_PER_MINUTE = limits.signIn;
    config.RATE_LIMIT_WRITES_PER_MINUTE = limits.writes;
  });

  it("/auth-callback (and so its .data request) answers 429 with Retry-After over the limit", async () => {
    config.RATE_LIMIT_SIGN_IN_PER_MINUTE = 2;
    const context = { ...routeContext, clientAddress: address() };
    const call = async (): Promise<Response> => {
      try {
        await authCallbackLoader({ request: new Request("http://localhost/auth-callback"), params: {}, context });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
      throw new Error("expected a thrown response");
    };
    expect((await call()).status).toBe(302);
    expect((await call()).status).toBe(302);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe("Too many requests. Please try again in a moment.");
    // Another address is not affected.
    const other = { ...routeContext, clientAddress: address() };
    await expect(
      authCallbackLoader({ request: new Request("http://localhost/auth-callback"), params: {}, context: other }),
    ).rejects.toMatchObject({ status: 302 });
  });

  it("PUT /api/users/{role}/{id}/profile answers 429 JSON with Retry-After over the limit", async () => {
    config.RATE_LIMIT_WRITES_PER_MINUTE = 1;
    // As server.ts hands every action to Remix (tests/integration/write-limit.test.ts has the rest).
    const profileAction = limitWrites(profileRouteAction) as typeof profileRouteAction;
    const user = await createUser();
    const context = { ...routeContext, clientAddress: address() };
    const path = `/api/users/gainer/${user.userId}/profile`;
    const put = async () =>
      profileAction({
        request: await apiRequest(path, { method: "PUT", user, body: { fullName: "" } }),
        params: { role: "gainer", id: user.userId },
        context,
      });
    expect((await put()).status).toBe(400);
    const refused = await put();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: "Too many requests. Please try again in a moment.", errors: {} });
  });
});
