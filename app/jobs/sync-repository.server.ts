import { z } from "zod";
import { db } from "~/db.server";
import { startSyncRun, syncRepository } from "~/github/sync.server";
import { logger } from "~/logger.server";
import { ConflictError } from "~/utils/errors.server";
import { asPersonWork, personWorkDone } from "./person-first.server";
import { defineJob, enqueue, PRIORITY } from "./queue.server";

/**
 * Repository sync as durable jobs: a manual or scheduled request starts a `sync_runs` row (one
 * running per project) and queues its job; any instance's worker carries it out, retried with
 * backoff while GitHub's failure may pass (a server error, a rate limit resetting late).
 * A person's syncs have a queue and workers of their own, so one never waits for a scheduled
 * sync to finish; while one runs, this instance's scheduled syncs wait before their next request.
 */
const syncPayload = z.object({ projectId: z.string().uuid(), runId: z.string().uuid() });
const retries = { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 } as const;

export const syncRepositoryJob = defineJob<{ projectId: string; runId: string }>(
  "sync-repository",
  async ({ projectId, runId }, job) => {
    await syncRepository(db, projectId, { runId, willRetry: !job.lastAttempt, beforeRequest: personWorkDone });
  },
  {
    payload: syncPayload,
    ...retries,
    // Syncs mostly wait on GitHub; a few at once drain a backlog without crowding the database.
    concurrency: 4,
  },
);

export const personSyncJob = defineJob<{ projectId: string; runId: string }>(
  "sync-repository-for-person",
  async ({ projectId, runId }, job) => {
    await asPersonWork(() => syncRepository(db, projectId, { runId, willRetry: !job.lastAttempt, queue: "person" }));
  },
  { payload: syncPayload, ...retries, concurrency: 2 },
);

/** Active projects' repositories are synced again once their last sync is this old. */
export const RESYNC_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Starts a sync of a project's repository and queues its job. While one runs, nothing new is
 * started ('running'). A project without a linked repository is a NotFoundError.
 */
export async function queueRepositorySync(
  projectId: string,
  trigger: "manual" | "scheduled" = "manual",
): Promise<"queued" | "running"> {
  let runId: string;
  try {
    runId = await startSyncRun(db, projectId, trigger);
  } catch (error) {
    if (error instanceof ConflictError) return "running";
    throw error;
  }
  try {
    const job = trigger === "manual" ? personSyncJob : syncRepositoryJob;
    await enqueue(
      job.name,
      { projectId, runId },
      { priority: PRIORITY[trigger === "manual" ? "person" : "scheduled"] },
    );
  } catch (error) {
    // Not queued: the run never started, and must not block the next request.
    await db.deleteFrom("sync_runs").where("id", "=", runId).execute();
    throw error;
  }
  return "queued";
}

/** Active projects with a linked repository whose last sync attempt is older than RESYNC_AFTER_MS. */
export async function repositoriesDueForSync(now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - RESYNC_AFTER_MS);
  const rows = await db
    .selectFrom("repositories")
    .innerJoin("projects", "projects.id", "repositories.project_id")
    .select("repositories.project_id")
    .where("projects.status", "=", "InProgress")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("sync_runs")
            .select("sync_runs.id")
            .whereRef("sync_runs.project_id", "=", "repositories.project_id")
            .where("sync_runs.started_at", ">", cutoff),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.project_id);
}

/** Every half hour (and at start), the repositories that are due are queued for a sync. */
export const resyncRepositoriesJob = defineJob(
  "resync-repositories",
  async () => {
    const due = await repositoriesDueForSync();
    for (const projectId of due) await queueRepositorySync(projectId, "scheduled");
    if (due.length) logger.info({ repositories: due.length }, "repositories queued for a sync");
  },
  { schedule: "*/30 * * * *", runAtStart: true },
);
