import { sql } from "kysely";
import type { DB } from "#db/connection";
import type { ActivityWeek } from "./activity-week";

/**
 * The Smart Summary's lists, each one aggregate query whatever the amount of data: the skills of
 * the person's projects, their weekly activity and their projects' linked repositories.
 * `projectId` limits each to that project (its membership is checked by the caller).
 */

const scoped = (column: string, projectId: string | undefined) =>
  projectId ? sql`and ${sql.ref(column)} = ${projectId}` : sql``;

export interface SkillCount {
  kind: "language" | "technology";
  name: string;
  projects: number;
}

/** Languages and technologies of the person's projects (and their repositories' languages). */
export async function readSkills(executor: DB, userId: string, projectId?: string): Promise<SkillCount[]> {
  const { rows } = await sql<SkillCount>`
    with mine as (
      select p.id, p.technologies, p.programming_languages
      from project_members pm join projects p on p.id = pm.project_id
      where pm.user_id = ${userId} and p.kind = 'project' ${scoped("pm.project_id", projectId)}
    ),
    tags as (
      select id, 'technology' as kind, unnest(technologies) as name from mine
      union select id, 'language', unnest(programming_languages) from mine
      union select r.project_id, 'language', unnest(r.languages) from repositories r where r.project_id in (select id from mine)
    )
    select kind, name, count(distinct id)::int as projects from tags
    group by kind, name order by projects desc, name`.execute(executor);
  return rows;
}

export type { ActivityWeek } from "./activity-week";

export const ACTIVITY_WEEKS = 8;

/**
 * Per week (Monday to Sunday, UTC) for the last eight weeks: tasks assigned to the person that
 * were completed (their last change made them Done), the comments they wrote on tasks, the reviews
 * they gave (approved or changes asked, by when they decided), posts and replies they wrote.
 */
export async function readActivityWeeks(executor: DB, userId: string, projectId?: string): Promise<ActivityWeek[]> {
  const { rows } = await sql<{
    week: Date;
    tasks: number;
    comments: number;
    reviews: number;
    posts: number;
    replies: number;
  }>`
    with weeks as (
      select generate_series(
        date_trunc('week', now() at time zone 'UTC') - interval '${sql.raw(String(ACTIVITY_WEEKS - 1))} weeks',
        date_trunc('week', now() at time zone 'UTC'),
        interval '1 week'
      ) at time zone 'UTC' as week
    )
    select w.week,
      (select count(*)::int from tasks t where t.assignee_id = ${userId} and t.status = 'Done'
        and t.updated_at >= w.week and t.updated_at < w.week + interval '1 week' ${scoped("t.project_id", projectId)}) as tasks,
      (select count(*)::int from task_comments c join tasks t on t.id = c.task_id where c.author_id = ${userId}
        and c.created_at >= w.week and c.created_at < w.week + interval '1 week' ${scoped("t.project_id", projectId)}) as comments,
      (select count(*)::int from task_reviews v join tasks t on t.id = v.task_id where v.decided_by = ${userId}
        and v.state in ('approved', 'changes_requested')
        and v.decided_at >= w.week and v.decided_at < w.week + interval '1 week' ${scoped("t.project_id", projectId)}) as reviews,
      (select count(*)::int from forum_posts fp where fp.author_id = ${userId}
        and fp.created_at >= w.week and fp.created_at < w.week + interval '1 week' ${scoped("fp.project_id", projectId)}) as posts,
      (select count(*)::int from forum_replies r join forum_posts fp on fp.id = r.post_id where r.author_id = ${userId}
        and r.created_at >= w.week and r.created_at < w.week + interval '1 week' ${scoped("fp.project_id", projectId)}) as replies
    from weeks w order by w.week`.execute(executor);
  return rows.map((row) => ({
    weekStart: new Date(row.week).toISOString().slice(0, 10),
    tasksCompleted: row.tasks,
    taskComments: row.comments,
    reviewsGiven: row.reviews,
    posts: row.posts,
    replies: row.replies,
  }));
}

export interface LinkedRepository {
  projectId: string;
  projectName: string;
  fullName: string;
  url: string;
  syncedAt: string | null;
  syncStatus: "running" | "completed" | "failed" | null;
}

/** The repositories linked to the person's projects, with their last sync. */
export async function readLinkedRepositories(
  executor: DB,
  userId: string,
  projectId?: string,
): Promise<LinkedRepository[]> {
  const rows = await executor
    .selectFrom("repositories as r")
    .innerJoin("project_members as pm", (join) =>
      join.onRef("pm.project_id", "=", "r.project_id").on("pm.user_id", "=", userId),
    )
    .innerJoin("projects as p", "p.id", "r.project_id")
    .select((eb) => [
      "r.project_id",
      "p.name as project_name",
      "r.full_name",
      "r.owner",
      "r.name",
      "r.url",
      "r.html_url",
      "r.fetched_at",
      eb
        .selectFrom("sync_runs as s")
        .select("s.status")
        .whereRef("s.project_id", "=", "r.project_id")
        .orderBy("s.started_at", "desc")
        .limit(1)
        .as("sync_status"),
    ])
    .$if(Boolean(projectId), (query) => query.where("r.project_id", "=", projectId!))
    .orderBy("p.name")
    .execute();
  return rows.map((row) => ({
    projectId: row.project_id,
    projectName: row.project_name,
    fullName: row.full_name ?? `${row.owner}/${row.name}`,
    url: row.html_url ?? row.url,
    syncedAt: row.fetched_at ? row.fetched_at.toISOString() : null,
    syncStatus: row.sync_status ?? null,
  }));
}

/** The person's projects, for the summary's project picker (and to check a project id). */
export async function readMyProjects(executor: DB, userId: string) {
  return executor
    .selectFrom("project_members as pm")
    .innerJoin("projects as p", "p.id", "pm.project_id")
    .select(["p.id as projectId", "p.name as projectName"])
    .where("pm.user_id", "=", userId)
    .where("p.kind", "=", "project")
    .orderBy("pm.joined_at")
    .execute();
}

/** When the person last asked for their summary ('Show me summary'), or null. */
export async function readPreparedAt(executor: DB, userId: string): Promise<Date | null> {
  const row = await executor
    .selectFrom("insight_preparations")
    .select("prepared_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.prepared_at ?? null;
}

export async function markPrepared(executor: DB, userId: string): Promise<void> {
  await executor
    .insertInto("insight_preparations")
    .values({ user_id: userId, prepared_at: new Date() })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ prepared_at: new Date() }))
    .execute();
}
