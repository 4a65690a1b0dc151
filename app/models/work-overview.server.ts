import { sql } from "kysely";
import { compiledOnce } from "#db/compiled-once";
import { db, keepPlan } from "~/db.server";
import { logger } from "~/logger.server";
import { projectSchedule } from "~/utils/schedule";
import type { ProjectAccess } from "./membership.server";

/**
 * The work page's overview cards (spec section 2, Project work page): Progress, Days Left, My Open
 * Tasks, Open PRs. Each card comes from its own query and fails on its own: a card that could not
 * load says so and offers a retry while the others show.
 */
export type Card<T> = { ok: true; value: T } | { ok: false; error: string };

export interface WorkOverview {
  progress: Card<{ percent: number; done: number; total: number }>;
  daysLeft: Card<{ days: number | null }>;
  myOpenTasks: Card<{ count: number }>;
  openPullRequests: Card<{ count: number; synced: boolean }>;
}

async function card<T>(name: string, work: Promise<T>): Promise<Card<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    logger.error({ err: error, card: name }, "overview card failed to load");
    return { ok: false, error: `Failed to load ${name}.` };
  }
}

/** Days left = start (or creation) date + duration days − now, rounded up; negative when overdue. */
export function daysLeft(start: Date, durationDays: number | null, now = new Date()): number | null {
  return projectSchedule(start, durationDays, now)?.daysLeft ?? null;
}

// The work page asks all three on every load: compiled once.
const taskStatsQuery = compiledOnce((executor, { projectId, userId }: { projectId: string; userId: string }) =>
  executor
    .selectFrom("tasks")
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<number>`(count(*) filter (where status = 'Done'))::int`.as("done"),
      sql<number>`(count(*) filter (where status <> 'Done' and assignee_id = ${userId}))::int`.as("mine_open"),
    ])
    .where("project_id", "=", projectId)
    .modifyEnd(keepPlan),
);
const datesQuery = compiledOnce((executor, { projectId }: { projectId: string }) =>
  executor
    .selectFrom("projects")
    .select(["start_date", "created_at", "duration_days"])
    .where("id", "=", projectId)
    .modifyEnd(keepPlan),
);
const pullsQuery = compiledOnce((executor, { projectId }: { projectId: string }) =>
  executor
    .selectFrom("repositories")
    .select(["open_pull_requests", "fetched_at"])
    .where("project_id", "=", projectId)
    .modifyEnd(keepPlan),
);

/** The statement's only row; a count or the project itself always has one. */
function onlyRow<Row>({ rows: [row] }: { rows: Row[] }): Row {
  if (!row) throw new Error("The statement returned no row.");
  return row;
}

export async function getWorkOverview(access: ProjectAccess, now = new Date()): Promise<WorkOverview> {
  const { projectId } = access;
  const taskStats = card(
    "tasks",
    db.executeQuery(taskStatsQuery(db, { projectId, userId: access.actor.userId })).then(onlyRow),
  );
  const dates = card(
    "days left",
    db
      .executeQuery(datesQuery(db, { projectId }))
      .then(onlyRow)
      .then((project) => ({
        days: daysLeft(new Date(project.start_date ?? project.created_at), project.duration_days, now),
      })),
  );
  const pulls = card(
    "open pull requests",
    db.executeQuery(pullsQuery(db, { projectId })).then(({ rows: [repository] }) => ({
      count: repository?.open_pull_requests ?? 0,
      synced: Boolean(repository?.fetched_at),
    })),
  );
  const [stats, daysCard, pullsCard] = await Promise.all([taskStats, dates, pulls]);
  return {
    progress: stats.ok
      ? {
          ok: true,
          value: {
            percent: stats.value.total ? Math.round((stats.value.done / stats.value.total) * 100) : 0,
            done: stats.value.done,
            total: stats.value.total,
          },
        }
      : { ok: false, error: "Failed to load progress." },
    daysLeft: daysCard,
    myOpenTasks: stats.ok
      ? { ok: true, value: { count: stats.value.mine_open } }
      : { ok: false, error: "Failed to load your tasks." },
    openPullRequests: pullsCard,
  };
}
