import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseClientConfig, db } from "~/db.server";
import { apiRoute } from "~/http/api.server";
import { isDatabaseUnavailable } from "~/utils/db-errors.server";
import { routeContext } from "../fixtures/api";
import { dispatch } from "../fixtures/routes";

/**
 * A database that restarts or cannot be reached makes requests answer 503 with Retry-After (the
 * request may succeed when retried), and the app recovers by itself once it is back. The errors
 * here are the real ones node-postgres raises, not imitations.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

/** What node-postgres throws when nothing listens where the database should be. */
async function refusedConnectionError(): Promise<unknown> {
  const client = new pg.Client({ host: "127.0.0.1", port: 1, user: "postgres", connectionTimeoutMillis: 2000 });
  return client.connect().then(
    () => null,
    (error: unknown) => error,
  );
}

describe("an unreachable database", () => {
  it("is told apart from other failures", async () => {
    expect(isDatabaseUnavailable(await refusedConnectionError())).toBe(true);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "23505", message: "duplicate key" })).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it("makes an API route answer 503 with Retry-After and the usual error body", async () => {
    const route = apiRoute({
      GET: async () => {
        throw await refusedConnectionError();
      },
    });
    const response = await route({
      request: new Request("http://localhost/api/projects/active"),
      params: {},
      context: routeContext,
    });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      message: "The service is briefly unavailable. Please try again in a moment.",
      errors: {},
    });
  });

  it.runIf(onPostgres)("a connection the server ends (as on a restart) is a 503 error, not a 500", async () => {
    const client = new pg.Client(await databaseClientConfig());
    await client.connect();
    client.on("error", () => {}); // the server's notice of termination arrives on the socket too
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const sleeping = client.query("select pg_sleep(10)").then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
    const error = (await sleeping) as { code?: string };
    expect(error?.code).toBe("57P01");
    expect(isDatabaseUnavailable(error)).toBe(true);
    await client.end().catch(() => {});
  });

  it.runIf(onPostgres)("recovers without a restart once the server has dropped every pooled connection", async () => {
    // The pool's own connections: several at once, so more than one is open.
    const held = await Promise.all(
      Array.from({ length: 4 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db)),
    );
    const pids = [...new Set(held.map((result) => result.rows[0]!.pid))];
    const killer = new pg.Client(await databaseClientConfig());
    await killer.connect();
    await killer.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [pids]);
    await killer.end();
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Each answer is either served or a retryable 503; within a few tries it is served again.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5 && statuses.at(-1) !== 200; attempt++) {
      const answer = await dispatch(new Request("http://localhost/api/projects/active"));
      if (answer.status === 503) expect(answer.headers.get("Retry-After")).toBeTruthy();
      statuses.push(answer.status);
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  });
});
