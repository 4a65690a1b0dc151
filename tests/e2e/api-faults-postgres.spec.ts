import { postgresFaultSpec } from "./faults";
import { expect, test } from "./fixtures";

/**
 * PostgreSQL stopping and starting again under load, on a cluster of this file's own (the shared
 * one on 5432 serves other test files) behind a production server of its own: while the database
 * is away pages and the API answer 503 with Retry-After, promptly, never a 500 or a hang; once it
 * is back, the same server process answers 200 again without being restarted.
 */
const spec = postgresFaultSpec(32, 120_000);
/** A request that takes longer than this hangs. */
const HANG_MS = 10_000;

interface Answer {
  url: string;
  status: number;
  retryAfter: string | null;
  startedAt: number;
  ms: number;
  body: string;
}

test("a PostgreSQL restart under load gives 503 with Retry-After, and the server recovers by itself", async () => {
  const { cluster, server } = await spec.start();
  const { pid } = server.process;

  // A project's page (its loader reads the database; a cookie keeps the visitors' page cache out
  // of the way, and a reload's Cache-Control the one kept for a cookie) and an API list.
  const [template] = (await (await fetch(`${server.baseURL}/api/projects/templates`)).json()) as {
    projectId: string;
  }[];
  const targets = [`/project/${template!.projectId}`, "/api/projects/active"];
  const ask = async (url: string): Promise<Answer> => {
    const startedAt = Date.now();
    try {
      const response = await fetch(`${server.baseURL}${url}`, {
        headers: {
          Cookie: "probe=1",
          "Cache-Control": "no-cache",
          Accept: url.startsWith("/api") ? "application/json" : "text/html",
        },
        signal: AbortSignal.timeout(HANG_MS * 2),
      });
      const body = await response.text();
      const retryAfter = response.headers.get("Retry-After");
      return { url, status: response.status, retryAfter, startedAt, ms: Date.now() - startedAt, body };
    } catch (error) {
      // No answer at all: the server dropped the connection or died.
      const exit = `server exit code ${server.process.exitCode}, signal ${server.process.signalCode}`;
      const why = `${(error as Error).message} (${String((error as Error).cause)}); ${exit}`;
      return { url, status: 0, retryAfter: null, startedAt, ms: Date.now() - startedAt, body: why };
    }
  };
  for (const url of targets) expect((await ask(url)).status, url).toBe(200);

  // Load throughout: eight clients asking in turn for the page and the API.
  const answers: Answer[] = [];
  let loading = true;
  const load = Array.from({ length: 8 }, async (_, client) => {
    for (let n = client; loading; n++) answers.push(await ask(targets[n % targets.length]!));
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
  let recoveredAt = 0;
  try {
    await settle();

    // Three times: the database goes away (a fast shutdown ends every connection of the pool,
    // some of them in the middle of a query) ...
    for (let restart = 0; restart < 3; restart++) {
      await cluster.stop();
      await settle();
      for (const url of targets) {
        const answer = await ask(url);
        expect(answer.status, `${url} while the database is down: ${answer.body.slice(0, 300)}`).toBe(503);
        expect(Number(answer.retryAfter), `${url}: Retry-After`).toBeGreaterThan(0);
        expect(answer.body, `${url}: no stack trace`).not.toMatch(/\n\s+at [\w.<]+ \(/);
      }

      // ... and comes back: the same server process answers again, without a restart.
      await cluster.start();
      await expect
        .poll(async () => Promise.all(targets.map(async (url) => (await ask(url)).status)), { timeout: 30_000 })
        .toEqual([200, 200]);
      recoveredAt = Date.now();
      await settle();
    }
  } finally {
    loading = false;
    await Promise.all(load);
  }

  expect(server.process.pid).toBe(pid);
  expect(server.process.exitCode, "the server kept running").toBeNull();
  // Under load, every answer was a 200 or a 503 with Retry-After, none took long, and the load
  // met the outage.
  const wrong = answers.filter((a) => !(a.status === 200 || (a.status === 503 && Number(a.retryAfter) > 0)));
  expect(
    wrong.map((a) => `${a.url} ${a.status} ${a.body.slice(0, 200)}`),
    "answers other than 200 or 503 with Retry-After",
  ).toEqual([]);
  expect(
    answers.filter((a) => a.ms > HANG_MS).map((a) => `${a.url} ${a.status} ${a.ms} ms`),
    "answers that hung",
  ).toEqual([]);
  expect(answers.filter((a) => a.status === 503).length, "503s under load").toBeGreaterThan(0);
  expect(
    answers.filter((a) => a.startedAt > recoveredAt && a.status !== 200).length,
    "answers after recovery that were not 200",
  ).toBe(0);
  expect(answers.filter((a) => a.startedAt > recoveredAt).length, "answers after recovery").toBeGreaterThan(0);
  const log = server.log.join("");
  expect(log, "no crash in the server's log").not.toMatch(/uncaught|unhandled/i);
  expect(log, "the database password in the log").not.toContain(cluster.password);
  expect(log, "a database client object in the log (kilobytes a line)").not.toContain(`"client":{`);
});
