import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import PgBoss from "pg-boss";
import { connectDatabase, type DB, EMBEDDED_URL_FILE } from "#db/connection";
import { jobSchemaFor } from "#db/job-schema";
import { type FakeGitHub, generateRepository } from "../tests/fixtures/github-api";
import { progress, step } from "./progress";

/**
 * The jobs row of `npm run bench` (issue 32): repositories linked to active projects and never
 * synced are queued by the resync job, sent through pg-boss as the half-hourly schedule sends it;
 * while they drain against the loopback GitHub, slowed to a real one's pace, the admin of another
 * project presses "Sync now" through the HTTP API: once with nothing else asked of the server,
 * then with a visitors' page loaded by autocannon (50 connections) for the next minute.
 */

/** How many scheduled syncs are queued (BENCH_JOBS_SYNCS). */
export const SCHEDULED_SYNCS = Number(process.env.BENCH_JOBS_SYNCS ?? 500);
/** How long the loopback GitHub waits before each answer (BENCH_GITHUB_DELAY_MS). */
const GITHUB_DELAY_MS = Number(process.env.BENCH_GITHUB_DELAY_MS ?? 50);
/** Issue 32's budget: a manual sync completes this soon with the backlog queued. */
export const MANUAL_SYNC_BUDGET_SECONDS = 10;
/** The sync queue's workers per instance (`concurrency` of app/jobs/sync-repository.server.ts). */
const SYNC_WORKERS = 4;
/** How many pull requests' reviews a sync reads at once (app/github/sync.server.ts). */
const REVIEW_READS_AT_ONCE = 5;
/**
 * How long the page is loaded from the second "Sync now" on (BENCH_JOBS_LOAD_S; less if the
 * backlog drains sooner): autocannon's 50 connections take all the server can give, so under it
 * the backlog drains far slower than the GitHub's pace, and a whole drain under it would be long.
 */
const LOAD_MS = Number(process.env.BENCH_JOBS_LOAD_S ?? 60) * 1000;
/** The bench gives up waiting for the queueing and for the backlog after this long (BENCH_JOBS_TIMEOUT_S). */
const TIMEOUT_MS = Number(process.env.BENCH_JOBS_TIMEOUT_S ?? 20 * 60) * 1000;
const OWNER = "bench-jobs";

export interface JobsBenchOptions {
  baseUrl: string;
  /** The server's data folder (embedded database: its address is read from there) … */
  dataDir: string;
  /** … or the PostgreSQL it uses, in this schema. */
  databaseUrl?: string;
  schema?: string;
  /** A session of the admin of `adminProjectId`, who presses "Sync now". */
  cookie: string;
  adminProjectId: string;
  github: FakeGitHub;
  /** The page loaded during the drain, with `connections` autocannon connections. */
  page: string;
  connections: number;
}

export interface ManualSync {
  /** Scheduled syncs still waiting or running when it was pressed. */
  backlog: number;
  /** From the press to its run's end; null when it had not ended within 2 minutes. */
  seconds: number | null;
  status: string;
}

export interface JobsBenchResult {
  scheduled: number;
  githubDelayMs: number;
  /** Seconds from the first scheduled run to the last one queued. */
  queuedSeconds: number;
  /** "Sync now" with nothing else asked of the server, then with the page loaded (the budget's). */
  manualQuiet: ManualSync;
  manual: ManualSync;
  /** From the first scheduled run's start to the last one's end. */
  drainSeconds: number | null;
  drainRate: number | null;
  completed: number;
  failed: number;
  /** The least the drain can take at the loopback GitHub's pace: its sequential answers ÷ workers. */
  paceFloorSeconds: number;
  githubRequestsPerSync: number;
  underLoad: { result: autocannon.Result; latencies: number[] };
  /** The scheduled syncs that ended while the page was loaded, and for how long it was. */
  loadedDrain: { seconds: number; syncs: number };
}

/** The running server's database: the embedded one only through the address it publishes. */
function connect({ dataDir, databaseUrl, schema }: JobsBenchOptions): { db: DB; url: string } {
  const url = databaseUrl ?? fs.readFileSync(path.join(dataDir, EMBEDDED_URL_FILE), "utf8").trim();
  return {
    db: connectDatabase({ databaseUrl: url, schema: databaseUrl ? schema : undefined, maxConnections: 2 }),
    url,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Links a repository to `SCHEDULED_SYNCS` generated active projects (never synced: due), and one
 * to the admin's project with a recent sync (not due, so its manual sync is not refused as
 * running). Returns the generated repositories' names.
 */
async function linkRepositories(db: DB, adminProjectId: string): Promise<string[]> {
  const projects = await db
    .selectFrom("projects")
    .select("id")
    .where("kind", "=", "project")
    .where("status", "=", "InProgress")
    .where("description", "like", "Generated project %")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("repositories").select("project_id").whereRef("project_id", "=", "projects.id"))),
    )
    .orderBy("created_at")
    .orderBy("id")
    .limit(SCHEDULED_SYNCS)
    .execute();
  if (projects.length < SCHEDULED_SYNCS) {
    throw new Error(
      `The jobs row needs ${SCHEDULED_SYNCS} generated active projects, found ${projects.length}: raise BENCH_PROJECTS.`,
    );
  }
  const names = projects.map((_, index) => `repo-${index + 1}`);
  const link = (projectId: string, name: string, owner = OWNER) => ({
    project_id: projectId,
    owner,
    name,
    url: `https://github.com/${owner}/${name}`,
  });
  await db
    .insertInto("repositories")
    .values(projects.map((project, index) => link(project.id, names[index]!)))
    .execute();
  const anHourAgo = new Date(Date.now() - 3_600_000);
  await db
    .insertInto("repositories")
    .values(link(adminProjectId, "admins-repo", `${OWNER}-admin`))
    .execute();
  await db
    .insertInto("sync_runs")
    .values({
      project_id: adminProjectId,
      status: "completed",
      trigger: "scheduled",
      started_at: anHourAgo,
      finished_at: anHourAgo,
    })
    .execute();
  return names;
}

/** Queues the resync job as pg-boss's schedule would; the server's worker takes it at its next poll. */
async function sendResync(url: string, schema: string | undefined): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schema: jobSchemaFor(schema),
    migrate: false,
    supervise: false,
    schedule: false,
    max: 1,
  });
  boss.on("error", (error) => console.error("pg-boss (bench):", error));
  await boss.start();
  try {
    await boss.send("resync-repositories", {});
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** The scheduled runs of the bench's repositories: how many, how many still running, first start, last end. */
async function scheduledRuns(db: DB) {
  const row = await db
    .selectFrom("sync_runs")
    .innerJoin("repositories", "repositories.project_id", "sync_runs.project_id")
    .where("repositories.owner", "=", OWNER)
    .where("sync_runs.trigger", "=", "scheduled")
    .select(({ fn }) => [
      fn.countAll<number>().as("total"),
      fn.count<number>("sync_runs.id").filterWhere("sync_runs.status", "=", "running").as("running"),
      fn.count<number>("sync_runs.id").filterWhere("sync_runs.status", "=", "failed").as("failed"),
      fn.min("sync_runs.started_at").as("firstStart"),
      fn.max("sync_runs.started_at").as("lastStart"),
      fn.max("sync_runs.finished_at").as("lastEnd"),
    ])
    .executeTakeFirstOrThrow();
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return {
    total: Number(row.total),
    running: Number(row.running),
    failed: Number(row.failed),
    firstStart: date(row.firstStart),
    lastStart: date(row.lastStart),
    lastEnd: date(row.lastEnd),
  };
}

const doneCount = async (db: DB) => {
  const runs = await scheduledRuns(db);
  return runs.total - runs.running;
};

/** Waits (polling every `everyMs`, at most `timeoutMs`) until `check` returns a value. */
async function waitFor<T>(check: () => Promise<T | null>, everyMs: number, timeoutMs: number): Promise<T | null> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await check();
    if (value !== null) return value;
    await sleep(everyMs);
  }
  return null;
}

/** Loads `url` with autocannon until `stop()` (at most the drain timeout). */
function startLoad(url: string, connections: number) {
  const latencies: number[] = [];
  let instance: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections,
        duration: TIMEOUT_MS / 1000 + 60,
        headers: { "accept-encoding": "gzip, deflate, br" },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    async stop() {
      instance.stop();
      return { result: await done, latencies };
    },
  };
}

/** What the backlog costs at the loopback GitHub's pace: each sync's answers that wait on one another. */
function paceFloorSeconds(names: string[]): number {
  // The repository, then its languages, contributors, statistics and pull requests together, the
  // pull requests followed by their reviews, REVIEW_READS_AT_ONCE at a time.
  const sequential = names.reduce(
    (sum, name) => sum + 2 + Math.ceil((generateRepository(OWNER, name).pulls?.length ?? 0) / REVIEW_READS_AT_ONCE),
    0,
  );
  return (sequential * GITHUB_DELAY_MS) / 1000 / SYNC_WORKERS;
}

/** Presses "Sync now" for the admin's project, as the Code tab's button does, and times its run. */
async function pressSyncNow(db: DB, options: JobsBenchOptions, label: string): Promise<ManualSync> {
  const backlog = (await scheduledRuns(db)).running;
  // The runs before this press, which may have started within the second before it.
  const earlier = await db
    .selectFrom("sync_runs")
    .select("id")
    .where("project_id", "=", options.adminProjectId)
    .execute();
  const pressed = new Date();
  const response = await fetch(`${options.baseUrl}/api/github/projects/${options.adminProjectId}/sync`, {
    method: "POST",
    headers: { cookie: options.cookie, "content-type": "application/json" },
    body: "{}",
  });
  if (response.status !== 202) throw new Error(`Sync now answered ${response.status}: ${await response.text()}`);
  const run = await waitFor(
    async () =>
      (await db
        .selectFrom("sync_runs")
        .select(["status", "finished_at"])
        .where("project_id", "=", options.adminProjectId)
        .where("trigger", "=", "manual")
        .where("started_at", ">=", new Date(pressed.getTime() - 1000))
        .$if(earlier.length > 0, (query) =>
          query.where(
            "id",
            "not in",
            earlier.map((run) => run.id),
          ),
        )
        .where("status", "!=", "running")
        .executeTakeFirst()) ?? null,
    50,
    120_000,
  );
  const seconds = run?.finished_at ? (new Date(run.finished_at).getTime() - pressed.getTime()) / 1000 : null;
  const result = { backlog, seconds, status: run?.status ?? "running" };
  console.log(
    `Jobs: Sync now (${label}) with ${backlog} scheduled syncs waiting or running: ${describeManual(result)}`,
  );
  return result;
}

const describeManual = ({ seconds, status }: ManualSync) =>
  seconds === null ? "still running after 120 s" : `${status} in ${seconds.toFixed(2)} s`;

export async function runJobsBench(options: JobsBenchOptions): Promise<JobsBenchResult> {
  const { db, url } = connect(options);
  const { github } = options;
  let load: ReturnType<typeof startLoad> | null = null;
  try {
    step(`Jobs: linking ${SCHEDULED_SYNCS} repositories, loopback GitHub at ${GITHUB_DELAY_MS} ms an answer`);
    const names = await linkRepositories(db, options.adminProjectId);
    github.delayMs = GITHUB_DELAY_MS;
    const requestsBefore = github.requests.length;
    await sendResync(url, options.databaseUrl ? options.schema : undefined);

    // The resync worker takes the job at its next poll (10 s), then queues the syncs one by one
    // while the workers already drain them.
    const queueing = progress("Jobs: scheduled syncs queued", SCHEDULED_SYNCS, { everyMs: 10_000 });
    const queued = await waitFor(
      async () => {
        const runs = await scheduledRuns(db);
        queueing.update(runs.total, `${runs.total - runs.running} done`);
        return runs.total >= SCHEDULED_SYNCS ? runs : null;
      },
      100,
      TIMEOUT_MS,
    );
    queueing.finish();
    if (!queued)
      throw new Error(`The resync job did not queue ${SCHEDULED_SYNCS} syncs within ${TIMEOUT_MS / 1000} s.`);
    const queuedSeconds = (queued.lastStart!.getTime() - queued.firstStart!.getTime()) / 1000;

    // "Sync now" once with nothing else asked of the server (what the queue alone costs it), then
    // the budgeted one with the page loaded from then on for LOAD_MS.
    const quiet = await pressSyncNow(db, options, "nothing else loaded");
    const loadStart = { at: Date.now(), done: await doneCount(db) };
    load = startLoad(`${options.baseUrl}${options.page}`, options.connections);
    const loaded = await pressSyncNow(db, options, `${options.page} loaded`);
    let underLoad: JobsBenchResult["underLoad"] | null = null;
    let loadedDrain: JobsBenchResult["loadedDrain"] = { seconds: 0, syncs: 0 };
    const stopLoad = async () => {
      if (!load) return;
      underLoad = await load.stop();
      load = null;
      loadedDrain = { seconds: (Date.now() - loadStart.at) / 1000, syncs: (await doneCount(db)) - loadStart.done };
    };

    const line = progress("Jobs: scheduled syncs drained", SCHEDULED_SYNCS, { everyMs: 10_000 });
    const drained = await waitFor(
      async () => {
        const runs = await scheduledRuns(db);
        line.update(runs.total - runs.running, `${runs.failed} failed${load ? `, ${options.page} loaded` : ""}`);
        if (load && (runs.running === 0 || Date.now() - loadStart.at >= LOAD_MS)) await stopLoad();
        return runs.running === 0 ? runs : null;
      },
      500,
      TIMEOUT_MS,
    );
    line.finish();
    await stopLoad();
    const final = drained ?? (await scheduledRuns(db));
    const drainSeconds =
      drained && final.lastEnd && final.firstStart
        ? (final.lastEnd.getTime() - final.firstStart.getTime()) / 1000
        : null;
    const syncs = SCHEDULED_SYNCS + 2;
    return {
      scheduled: SCHEDULED_SYNCS,
      githubDelayMs: GITHUB_DELAY_MS,
      queuedSeconds,
      manualQuiet: quiet,
      manual: loaded,
      drainSeconds,
      drainRate: drainSeconds ? SCHEDULED_SYNCS / drainSeconds : null,
      completed: final.total - final.running - final.failed,
      failed: final.failed,
      paceFloorSeconds: paceFloorSeconds(names),
      githubRequestsPerSync: (github.requests.length - requestsBefore) / syncs,
      underLoad: underLoad!,
      loadedDrain,
    };
  } finally {
    if (load) await load.stop().catch(() => {});
    github.delayMs = 0;
    await db.destroy();
  }
}

/** The row's details, printed under the table. */
export function describeJobs(result: JobsBenchResult, page: string, alone?: autocannon.Result): string {
  const { underLoad } = result;
  const seconds = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)} s`);
  return [
    `Jobs: ${result.scheduled} scheduled syncs against the loopback GitHub at ${result.githubDelayMs} ms an answer (${result.githubRequestsPerSync.toFixed(1)} requests a sync), ${SYNC_WORKERS} workers; queued in ${seconds(result.queuedSeconds)}.`,
    `  Sync now with ${result.manualQuiet.backlog} of them waiting or running and nothing else loaded: ${describeManual(result.manualQuiet)}; then with ${result.manual.backlog} and the page loaded: ${describeManual(result.manual)} (budget ≤ ${MANUAL_SYNC_BUDGET_SECONDS} s).`,
    `  The ${result.scheduled} drained in ${seconds(result.drainSeconds)} (${result.drainRate?.toFixed(2) ?? "—"} syncs/s; ${result.completed} completed, ${result.failed} failed); at the GitHub's pace alone it takes ${seconds(result.paceFloorSeconds)}${result.drainSeconds ? ` (${(result.drainSeconds / result.paceFloorSeconds).toFixed(2)}×)` : ""}.`,
    `  While ${page} was loaded (${result.loadedDrain.seconds.toFixed(0)} s from the second Sync now on): ${result.loadedDrain.syncs} scheduled syncs ended (${(result.loadedDrain.syncs / Math.max(1, result.loadedDrain.seconds)).toFixed(2)} syncs/s); the page: ${Math.round(underLoad.result.requests.average)} req/s, p50 ${underLoad.result.latency.p50} ms, p99 ${underLoad.result.latency.p99} ms, ${underLoad.result.errors} errors, ${underLoad.result.non2xx} non-2xx` +
      (alone
        ? `; without the drain: ${Math.round(alone.requests.average)} req/s, p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms.`
        : "."),
  ].join("\n");
}
