import { sql } from "kysely";
import { db, keepPlan } from "~/db.server";

/**
 * How fast a project's admins usually answer join requests (issue 13, the join response
 * contract): the median time from asking to an admin's decision, over real decisions. A project
 * with too few decisions of its own borrows its admins' record on every project they run; with
 * too few there either, nothing is claimed.
 */
export const MIN_DECISIONS = 3;

export interface AnswerSpeed {
  /** Median time from request to decision. */
  medianMs: number;
  /** Decisions it rests on, and whose: this project's, or its admins' across their projects. */
  decisions: number;
  basis: "project" | "admins";
}

/** How soon a project's mentors start a review: the median wait from request to claim. */
export interface ReviewSpeed {
  medianMs: number;
  /** Review requests it rests on: claimed ones, and ones still waiting after their reminder. */
  rounds: number;
}

export interface ResponseFigures {
  joins: AnswerSpeed | null;
  reviews: ReviewSpeed | null;
}

/**
 * The project page's response figures, in one query. A review request still unclaimed after its
 * reminder counts with its wait so far: a project whose mentors let requests sit says so.
 */
export async function getResponseFigures(projectId: string): Promise<ResponseFigures> {
  const { rows } = await sql<{
    own_count: number;
    own_median: number | null;
    admin_count: number;
    admin_median: number | null;
    review_count: number;
    review_median: number | null;
  }>`
    with admin_projects as (
      select ${projectId}::uuid as project_id
      union
      select theirs.project_id
      from project_members ours
      join project_members theirs on theirs.user_id = ours.user_id and theirs.is_admin
      where ours.project_id = ${projectId} and ours.is_admin
    ),
    decisions as (
      select r.project_id = ${projectId} as own,
        extract(epoch from (r.decided_at - r.created_at)) * 1000 as ms
      from join_requests r
      join admin_projects a on a.project_id = r.project_id
      where r.status in ('Approved', 'Rejected') and r.decided_at is not null
    ),
    review_waits as (
      select extract(epoch from (coalesce(v.claimed_at, now()) - v.requested_at)) * 1000 as ms
      from task_reviews v
      join tasks t on t.id = v.task_id
      where t.project_id = ${projectId} and (v.claimed_at is not null or v.reminded_at is not null)
    )
    select
      (count(*) filter (where own))::int as own_count,
      percentile_cont(0.5) within group (order by ms) filter (where own) as own_median,
      count(*)::int as admin_count,
      percentile_cont(0.5) within group (order by ms) as admin_median,
      (select count(*)::int from review_waits) as review_count,
      (select percentile_cont(0.5) within group (order by ms) from review_waits) as review_median
    from decisions
    ${keepPlan}`.execute(db);
  const row = rows[0];
  if (!row) return { joins: null, reviews: null };
  const reviews =
    row.review_count >= MIN_DECISIONS && row.review_median !== null
      ? { medianMs: Number(row.review_median), rounds: row.review_count }
      : null;
  if (row.own_count >= MIN_DECISIONS && row.own_median !== null) {
    return { joins: { medianMs: Number(row.own_median), decisions: row.own_count, basis: "project" }, reviews };
  }
  if (row.admin_count >= MIN_DECISIONS && row.admin_median !== null) {
    return { joins: { medianMs: Number(row.admin_median), decisions: row.admin_count, basis: "admins" }, reviews };
  }
  return { joins: null, reviews };
}

/** How fast the project's admins answer join requests (the first of its response figures). */
export async function getAnswerSpeed(projectId: string): Promise<AnswerSpeed | null> {
  return (await getResponseFigures(projectId)).joins;
}
