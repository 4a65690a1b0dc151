import { sql } from "kysely";
import { db } from "~/db.server";

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

/** One query: both medians at once, over the decided requests of the admins' projects. */
export async function getAnswerSpeed(projectId: string): Promise<AnswerSpeed | null> {
  const { rows } = await sql<{
    own_count: number;
    own_median: number | null;
    admin_count: number;
    admin_median: number | null;
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
    )
    select
      (count(*) filter (where own))::int as own_count,
      percentile_cont(0.5) within group (order by ms) filter (where own) as own_median,
      count(*)::int as admin_count,
      percentile_cont(0.5) within group (order by ms) as admin_median
    from decisions
  `.execute(db);
  const row = rows[0];
  if (!row) return null;
  if (row.own_count >= MIN_DECISIONS && row.own_median !== null) {
    return { medianMs: Number(row.own_median), decisions: row.own_count, basis: "project" };
  }
  if (row.admin_count >= MIN_DECISIONS && row.admin_median !== null) {
    return { medianMs: Number(row.admin_median), decisions: row.admin_count, basis: "admins" };
  }
  return null;
}
