import { withTestDatabase } from "./database";
import { embeddedFaultSpec, isRequestFailure, signedInApi, templateStart, terminateServer } from "./faults";
import { expect, test } from "./fixtures";

/**
 * A restart (SIGTERM) while writes are in flight: every request the server took gets its answer
 * (a 201, never a 500 because the database closed under it), the server exits by itself, and
 * every acknowledged write is there when it starts again. On a server of this file's own, as in
 * api-faults.spec.ts.
 */

const spec = embeddedFaultSpec(34, 240_000);

test("SIGTERM during writes answers every request in flight, then exits, and keeps every acknowledged write", async ({
  browser,
}) => {
  let server = await spec.start();
  const { api, close } = await signedInApi(browser, server.baseURL, "grace.mensah@example.org");
  const start = await templateStart(api);

  // Template starts, four at a time, on kept-alive connections, through the stop as a load
  // balancer still sends them: each answer a start gets is a 201, until its connection is refused.
  const acknowledged: string[] = [];
  const answers: number[] = [];
  const writeUntilRefused = async () => {
    for (;;) {
      let response;
      try {
        response = await api.post(start.url, { data: start.data });
      } catch (error) {
        if (isRequestFailure(error)) return;
        throw error;
      }
      answers.push(response.status());
      expect(response.status(), await response.text()).toBe(201);
      acknowledged.push(((await response.json()) as { newProjectId: string }).newProjectId);
    }
  };
  const writers = Array.from({ length: 4 }, writeUntilRefused);
  await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
  const answeredBeforeStop = answers.length;
  const stopped = terminateServer(server);
  await Promise.all(writers);
  await stopped;
  await close();
  expect(server.process.exitCode, "the exit code after SIGTERM").toBe(0);
  expect(answers.length, "requests answered after the signal").toBeGreaterThan(answeredBeforeStop);
  const log = server.log.join("");
  const afterStop = log.slice(log.indexOf("shutting down: finishing the requests in flight"));
  expect(afterStop.length, "the shutdown's log line").toBeLessThan(log.length);
  // Requests answered after the signal: none failed (the GitHub sync's own errors are no request's).
  expect(afterStop).toContain('"statusCode":201');
  expect(afterStop).not.toMatch(/"statusCode":5\d\d/);
  expect(afterStop).not.toContain("API error");
  expect(afterStop).not.toContain("driver has already been destroyed");

  server = await spec.start();
  await withTestDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>("select id from projects where id = any($1::uuid[])", [
      acknowledged,
    ]);
    expect(rows.length, "acknowledged starts that were lost").toBe(acknowledged.length);
  }, spec.dataDir);
});
