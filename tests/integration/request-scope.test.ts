import { describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { getOptionalUser } from "~/auth/guards.server";
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
    expect(queries).toBe(2); // the session, then the user
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
    expect(queries).toBe(2);
  });
});
