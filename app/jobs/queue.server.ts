import pg from "pg";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { jobSchemaFor } from "#db/job-schema";
import { config } from "~/config.server";
import { databaseClientConfig } from "~/db.server";
import { logger } from "~/logger.server";
import { singleton } from "~/utils/singleton.server";

/**
 * Durable background jobs in PostgreSQL (pg-boss 10), shared by every app instance: on PostgreSQL
 * and on the embedded database alike (both speak the wire protocol). Define jobs at module level
 * with `defineJob`; `startJobs()` (called with the other services) creates their queues, their
 * schedules and their workers.
 */
export interface JobOptions<Data = unknown> {
  /** What a job's data must be; a job whose data does not parse is logged and dropped, not run. */
  payload?: z.ZodType<Data>;
  /** Cron expression (UTC): the job also runs on this schedule. */
  schedule?: string;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** How many of this job one instance runs at once (each a worker of its own). */
  concurrency?: number;
  /** Also queue the job once when the queue starts (a scheduled job's first run need not wait). */
  runAtStart?: boolean;
}

export interface JobInfo {
  id: string;
  name: string;
  /** True when a failure now is the last: no retry follows. */
  lastAttempt: boolean;
}

type Handler<Data> = (data: Data, job: JobInfo) => Promise<void>;

interface Definition {
  handler: Handler<never>;
  options: JobOptions<never>;
}

interface Jobs {
  definitions: Map<string, Definition>;
  boss: PgBoss | null;
  starting: Promise<PgBoss> | null;
  /** This instance's workers of each queue, woken when this instance queues a job there. */
  workers: Map<string, string[]>;
}

const jobs = singleton<Jobs>("jobs", () => ({
  definitions: new Map(),
  boss: null,
  starting: null,
  workers: new Map(),
}));

/**
 * How often a worker asks for jobs queued elsewhere (another instance, the schedule, a retry).
 * A job this instance queues wakes its worker at once, so the wait is only for those; each poll is
 * a statement on the database, which the embedded one runs on the same single thread as requests
 * (five queues polling every 2 s made 2.5 statements a second while nothing happened).
 */
const POLLING_INTERVAL_SECONDS = 10;

/** pg-boss's own tables: in schema `pgboss`, or beside a non-default app schema (tests, side-by-side). */
export const jobSchema = jobSchemaFor(config.DATABASE_SCHEMA);

export function defineJob<Data extends object = Record<string, never>>(
  name: string,
  handler: Handler<Data>,
  options: JobOptions<Data> = {},
): { name: string } {
  jobs.definitions.set(name, { handler: handler as Handler<never>, options: options as JobOptions<never> });
  return { name };
}

/** Work that a person waits for runs ahead of scheduled work in the same queue. */
export const PRIORITY = { scheduled: 0, person: 10 } as const;

/** Queues a job; it runs once in some instance's worker. Resolves to the job id. */
export async function enqueue<Data extends object>(
  name: string,
  data: Data,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  const boss = await (jobs.starting ?? Promise.reject(new Error("The job queue is not started.")));
  const id = await boss.send(name, data, options);
  if (id) for (const worker of jobs.workers.get(name) ?? []) boss.notifyWorker(worker);
  return id;
}

export async function startJobs(): Promise<void> {
  jobs.starting ??= (async () => {
    const { connectionString } = await databaseClientConfig();
    const boss = new PgBoss({ connectionString, schema: jobSchema, max: 4 });
    boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
    await boss.start();
    await oneInstanceAtATime(async (client) => {
      for (const [name, { options }] of jobs.definitions) {
        const { schedule, concurrency: _c, runAtStart, payload: _p, ...queueOptions } = options;
        await boss.createQueue(name, { name, ...queueOptions });
        if (schedule) await boss.schedule(name, schedule, {}, { tz: "UTC" });
        if (runAtStart && !(await startedRecently(client, name))) await boss.send(name, {}, { singletonKey: "start" });
      }
    });
    for (const [name, definition] of jobs.definitions) {
      const { concurrency } = definition.options;
      const workers: string[] = [];
      for (let n = 0; n < (concurrency ?? 1); n++) workers.push(await startWorker(boss, name, definition));
      jobs.workers.set(name, workers);
    }
    jobs.boss = boss;
    return boss;
  })();
  await jobs.starting;
}

/**
 * Runs `setUp` while no other instance sets up its queues: pg-boss's createQueue deadlocks when
 * instances start together on a new database, and a start-up run must be queued once.
 */
async function oneInstanceAtATime(setUp: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client(await databaseClientConfig());
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [`${jobSchema}:set-up`]);
    await setUp(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether another instance starting with this one already queued the job's start-up run. */
async function startedRecently(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query<{ queued: boolean }>(
    `select exists (
       select 1 from "${jobSchema}".job
       where name = $1 and singleton_key = 'start' and created_on > now() - interval '1 minute'
     ) as queued`,
    [name],
  );
  return rows[0]?.queued ?? false;
}

/**
 * A worker taking one job at a time. A worker that found a job asks again at once rather than
 * after the polling interval, so a backlog drains at the pace of the work itself.
 */
async function startWorker(boss: PgBoss, name: string, { handler, options }: Definition): Promise<string> {
  const workOptions = {
    batchSize: 1,
    pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
    includeMetadata: true as const,
  };
  // Known once work() resolves, which is before its first job can finish fetching.
  const self: { id?: string } = {};
  self.id = await boss.work<unknown>(name, workOptions, async ([job]) => {
    if (!job) return;
    if (self.id) boss.notifyWorker(self.id);
    const data = options.payload ? options.payload.safeParse(job.data) : { success: true as const, data: job.data };
    if (!data.success) {
      logger.error({ job: job.name, id: job.id, issues: data.error.issues }, "job dropped: its data does not parse");
      return;
    }
    try {
      await handler(data.data as never, { id: job.id, name: job.name, lastAttempt: job.retryCount >= job.retryLimit });
    } catch (error) {
      logger.error({ err: error, job: job.name, id: job.id }, "job failed");
      throw error;
    }
  });
  return self.id;
}

export async function stopJobs(): Promise<void> {
  const starting = jobs.starting;
  jobs.starting = null;
  jobs.boss = null;
  jobs.workers.clear();
  if (!starting) return;
  const boss = await starting.catch(() => null);
  await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
}
