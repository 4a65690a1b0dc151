import { type RawBuilder, sql } from "kysely";
import { type DB, keepPlan } from "#db/connection";

/**
 * A person's activity as counts, in one query: what the achievements measure and what the Smart
 * Summary shows. A user's tasks are the tasks assigned to them; their projects are their
 * memberships, of which they run (owned) the ones they created or administer, the same projects
 * that My Projects gives them admin actions on; founded are the ones they created. GitHub figures are the synced rows of the linked
 * repositories of their projects whose login matches the GitHub address on their profile.
 * On tasks: the comments they wrote, the reviews they asked for (and of those, the approved ones)
 * and the reviews they gave, an approval or a request for changes (an admin's override is none).
 * With `projectId`, everything but the achievements' own bookkeeping is limited to that project.
 */
export interface ActivityCounts {
  gitHubLogin: string | null;
  totalTasks: number;
  startedTasks: number;
  completedTasks: number;
  totalProjects: number;
  ownedProjects: number;
  foundedProjects: number;
  activeProjects: number;
  completedProjects: number;
  posts: number;
  replies: number;
  likesReceived: number;
  taskComments: number;
  reviewsRequested: number;
  reviewsApproved: number;
  reviewsGiven: number;
  uniquePeers: number;
  linkedRepositories: number;
  repositoriesLinkedAsAdmin: number;
  joinDecisions: number;
  pullRequests: number;
  commits: number;
  codeReviews: number;
  linesAdded: number;
  linesDeleted: number;
}

/** The GitHub login named by a profile's GitHub address, in SQL (as gitHubLogin() does in code). */
const LOGIN_PATTERN = "^https?://(?:www\\.)?github\\.com/([A-Za-z0-9-]{1,39})/?$";

type Scope = (column: string) => RawBuilder<unknown>;

/**
 * Each count as an expression over the common table expressions of `activityCountsQuery`. A
 * statement selects only the counts it needs, and PostgreSQL neither plans nor runs the tables
 * none of them refers to.
 */
const MEASURES: { [K in keyof ActivityCounts]: (userId: string, scope: Scope) => RawBuilder<ActivityCounts[K]> } = {
  gitHubLogin: () => sql`(select login from me)`,
  totalTasks: () => sql`(select count(*)::int from my_tasks)`,
  startedTasks: () => sql`(select count(*)::int from my_tasks where status <> 'Todo')`,
  completedTasks: () => sql`(select count(*)::int from my_tasks where status = 'Done')`,
  totalProjects: () => sql`(select count(*)::int from my_projects)`,
  ownedProjects: (userId) => sql`(select count(*)::int from my_projects where created_by = ${userId} or is_admin)`,
  foundedProjects: (userId) => sql`(select count(*)::int from my_projects where created_by = ${userId})`,
  activeProjects: () => sql`(select count(*)::int from my_projects where status = 'InProgress')`,
  completedProjects: () => sql`(select count(*)::int from my_projects where status = 'Completed')`,
  posts: () => sql`(select count(*)::int from my_posts)`,
  replies: () => sql`(select count(*)::int from my_replies)`,
  likesReceived: (userId) =>
    sql`((select count(*) from post_likes where post_id in (select id from my_posts) and user_id <> ${userId})
      + (select count(*) from reply_likes where reply_id in (select id from my_replies) and user_id <> ${userId}))::int`,
  uniquePeers: (userId) => sql`(select count(*)::int from peers where peer <> ${userId})`,
  taskComments: (userId, scope) =>
    sql`(select count(*)::int from task_comments c join tasks t on t.id = c.task_id
      where c.author_id = ${userId} ${scope("t.project_id")})`,
  reviewsRequested: (userId) => sql`(select count(*)::int from my_reviews where requested_by = ${userId})`,
  reviewsApproved: (userId) =>
    sql`(select count(*)::int from my_reviews where requested_by = ${userId} and state = 'approved')`,
  reviewsGiven: (userId) =>
    sql`(select count(*)::int from my_reviews
      where decided_by = ${userId} and state in ('approved', 'changes_requested'))`,
  linkedRepositories: () =>
    sql`(select count(*)::int from repositories where project_id in (select project_id from my_projects))`,
  repositoriesLinkedAsAdmin: () =>
    sql`(select count(*)::int from repositories
      where project_id in (select project_id from my_projects where is_admin))`,
  joinDecisions: (userId, scope) =>
    sql`(select count(*)::int from join_requests jr
      where jr.decided_by = ${userId} and jr.status in ('Approved', 'Rejected') ${scope("jr.project_id")})`,
  pullRequests: () =>
    sql`(select count(*)::int from pull_requests pr, me
      where me.login is not null and lower(pr.author_login) = me.login
        and pr.project_id in (select project_id from my_projects))`,
  commits: () => sql`(select coalesce(sum(commits), 0)::int from mine_on_github)`,
  codeReviews: () => sql`(select coalesce(sum(code_reviews), 0)::int from mine_on_github)`,
  linesAdded: () => sql`(select coalesce(sum(lines_added), 0)::int from mine_on_github)`,
  linesDeleted: () => sql`(select coalesce(sum(lines_deleted), 0)::int from mine_on_github)`,
};

const ALL_MEASURES = Object.keys(MEASURES) as (keyof ActivityCounts)[];

/** The named counts as one row: a query to run, or to embed in a larger statement. */
export function activityCountsQuery<K extends keyof ActivityCounts>(
  userId: string,
  measures: readonly K[],
  projectId?: string,
): RawBuilder<Pick<ActivityCounts, K>> {
  const scope: Scope = (column) => (projectId ? sql`and ${sql.ref(column)} = ${projectId}` : sql``);
  return sql<Pick<ActivityCounts, K>>`
    with me as (
      select lower((regexp_match(trim(coalesce(g.github_url, m.github_url, '')), ${LOGIN_PATTERN}, 'i'))[1]) as login
      from users u
      left join gainer_profiles g on g.user_id = u.id
      left join mentor_profiles m on m.user_id = u.id
      where u.id = ${userId}
    ),
    my_projects as (
      select pm.project_id, pm.is_admin, p.status, p.created_by
      from project_members pm join projects p on p.id = pm.project_id
      where pm.user_id = ${userId} and p.kind = 'project' ${scope("pm.project_id")}
    ),
    my_tasks as (
      select status from tasks t where t.assignee_id = ${userId} ${scope("t.project_id")}
    ),
    my_posts as (select id from forum_posts fp where fp.author_id = ${userId} ${scope("fp.project_id")}),
    my_replies as (
      select r.id, r.post_id from forum_replies r join forum_posts fp on fp.id = r.post_id
      where r.author_id = ${userId} ${scope("fp.project_id")}
    ),
    my_reviews as (
      select v.state, v.requested_by, v.decided_by from task_reviews v join tasks t on t.id = v.task_id
      where (v.requested_by = ${userId} or v.decided_by = ${userId}) ${scope("t.project_id")}
    ),
    peers as (
      select r.author_id as peer from forum_replies r where r.post_id in (select id from my_posts)
      union select fp.author_id from forum_posts fp where fp.id in (select post_id from my_replies)
      union select l.user_id from post_likes l where l.post_id in (select id from my_posts)
      union select l.user_id from reply_likes l where l.reply_id in (select id from my_replies)
      union select fp.author_id from post_likes l join forum_posts fp on fp.id = l.post_id
        where l.user_id = ${userId} ${scope("fp.project_id")}
      union select r.author_id from reply_likes l join forum_replies r on r.id = l.reply_id
        join forum_posts fp on fp.id = r.post_id where l.user_id = ${userId} ${scope("fp.project_id")}
    ),
    mine_on_github as (
      select c.* from contributions c, me
      where me.login is not null and lower(c.username) = me.login
        and c.project_id in (select project_id from my_projects)
    )
    select ${sql.join(measures.map((measure) => sql`${MEASURES[measure](userId, scope)} as ${sql.ref(measure)}`))}
  `;
}

/** Every count; with `projectId`, limited to that project. */
export async function readActivityCounts(executor: DB, userId: string, projectId?: string): Promise<ActivityCounts> {
  const counts = activityCountsQuery(userId, ALL_MEASURES, projectId);
  const { rows } = await sql<ActivityCounts>`${counts} ${keepPlan}`.execute(executor);
  return rows[0]!;
}
