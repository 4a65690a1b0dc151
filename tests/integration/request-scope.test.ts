import { describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { getOptionalUser, getOptionalUserWithBell } from "~/auth/guards.server";
import { db } from "~/db.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { sessionCookie } from "../fixtures/api";
import { createUser } from "../fixtures/factories";

/** Remix gives each loader of a page its own copy of the Request, as these tests do. */
const copyOf = (cookie: string) => new Request("http://localhost/work", { headers: { Cookie: cookie } });

describe("the signed-in user is looked up once per HTTP request", () => {
  it("across the loaders of one request (each with its own Request copy)", async () => {
    const user = await createUser({ name: "Once Only" });
    const cookie = await sessionCookie(user);
    const { result, queries } = await countQueries(() =>
      runInRequestScope(() => Promise.all([getOptionalUser(copyOf(cookie)), getOptionalUser(copyOf(cookie))])),
    );
    expect(result.map((found) => found?.userId)).toEqual([user.userId, user.userId]);
    expect(queries).toBe(1); // the session with the user it belongs to
  });

  it("gives the layout the user with their bell in one statement, and the page's loaders that user", async () => {
    const user = await createUser({ name: "Bell Ringer" });
    const cookie = await sessionCookie(user);
    const note = {
      event_name: "taskCreated",
      title: "A task",
      message: "New.",
      reason: "a test",
      link: "/work",
      data: "{}",
    };
    await db
      .insertInto("notifications")
      .values([
        { ...note, user_id: user.userId },
        { ...note, user_id: user.userId },
        { ...note, user_id: user.userId, read_at: new Date() },
      ])
      .execute();
    const { result, queries } = await countQueries(() =>
      runInRequestScope(() =>
        Promise.all([
          getOptionalUserWithBell(copyOf(cookie)),
          getOptionalUser(copyOf(cookie)),
          getOptionalUser(copyOf(cookie)),
        ]),
      ),
    );
    const [layout, page, other] = result;
    expect(queries).toBe(1);
    expect(layout?.user.userId).toBe(user.userId);
    expect(layout?.bell).toEqual({ unread: 2, latestSeq: expect.any(Number) });
    expect(layout!.bell.latestSeq).toBeGreaterThan(0);
    expect([page?.userId, other?.userId]).toEqual([user.userId, user.userId]);
    expect(await runInRequestScope(() => getOptionalUserWithBell(copyOf("")))).toBeNull();
  });

  it("finds nobody for an expired session, a signed-out one or a cookie we did not sign", async () => {
    const user = await createUser({ name: "Gone Person" });
    const expired = await sessionCookie(user);
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", user.userId)
      .execute();
    const signedOut = await sessionCookie(user);
    await db.deleteFrom("sessions").where("user_id", "=", user.userId).where("expires_at", ">", new Date()).execute();
    const forged = `__session=${encodeURIComponent(btoa(JSON.stringify("some-session-id")))}`;
    for (const cookie of [expired, signedOut, forged, "__session=", "__session=%E0%A4%A"]) {
      expect(await runInRequestScope(() => getOptionalUser(copyOf(cookie)))).toBeNull();
      expect(await runInRequestScope(() => getOptionalUserWithBell(copyOf(cookie)))).toBeNull();
    }
  });

  it("never across requests: each request reads the session afresh", async () => {
    const first = await createUser({ name: "First Person" });
    const second = await createUser({ name: "Second Person" });
    const [one, two] = await Promise.all([
      runInRequestScope(() => getOptionalUser(copyOf("")).then(() => getOptionalUser(copyOf("")))),
      runInRequestScope(async () => getOptionalUser(copyOf(await sessionCookie(first)))),
    ]);
    expect(one).toBeNull();
    expect(two?.userId).toBe(first.userId);
    const third = await runInRequestScope(async () => getOptionalUser(copyOf(await sessionCookie(second))));
    expect(third?.userId).toBe(second.userId);
  });

  it("outside a request scope (a loader called directly), the Request object is the key", async () => {
    const user = await createUser({ name: "Direct Call" });
    const request = copyOf(await sessionCookie(user));
    const { queries } = await countQueries(() => Promise.all([getOptionalUser(request), getOptionalUser(request)]));
    expect(queries).toBe(1);
  });
});
