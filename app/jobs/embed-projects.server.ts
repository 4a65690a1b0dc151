import { z } from "zod";
import { db } from "~/db.server";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { configuredEndpoint, embedProjectsRemotely } from "~/search/remote-embeddings.server";
import { defineJob, enqueue } from "./queue.server";

/**
 * Projects' meaning vectors as a durable job: the offline vector of every project that has none,
 * and with EMBEDDINGS_URL the endpoint's vector too (retried with backoff while the endpoint
 * fails). Queued for a project when it is created; every 10 minutes (and at start) it sweeps up
 * whatever still has none (seeded, imported or edited projects, failures that ran out of retries).
 */
export async function embedProjects(projectIds?: string[]): Promise<{ offline: number; remote: number }> {
  const offline = await embedMissingProjects(db, projectIds);
  const endpoint = configuredEndpoint();
  const remote = endpoint ? await embedProjectsRemotely(db, endpoint, { ids: projectIds }) : 0;
  return { offline, remote };
}

export const embedProjectsJob = defineJob<{ projectIds?: string[] }>(
  "embed-projects",
  async ({ projectIds }) => {
    await embedProjects(projectIds);
  },
  {
    payload: z.object({ projectIds: z.array(z.string().uuid()).max(1000).optional() }),
    schedule: "*/10 * * * *",
    runAtStart: true,
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  },
);

/** Queues the vectors of a project just written. */
export async function queueProjectEmbedding(projectId: string): Promise<void> {
  await enqueue(embedProjectsJob.name, { projectIds: [projectId] });
}
