import { sql } from "kysely";
import type { DB } from "#db/connection";

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

export async function readActivityCounts(executor: DB, userId: string, projectId?: string): Promise<ActivityCounts> {
  const scope = (column: string) => (projectId ? sql`and ${sql.ref(column)} = ${projectId}` : sql``);
  const { rows } = await sql<ActivityCounts>`
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
    select
      (select login from me) as "gitHubLogin",
      (select count(*)::int from my_tasks) as "totalTasks",
      (select count(*)::int from my_tasks where status <> 'Todo') as "startedTasks",
      (select count(*)::int from my_tasks where status = 'Done') as "completedTasks",
      (select count(*)::int from my_projects) as "totalProjects",
      (select count(*)::int from my_projects where created_by = ${userId} or is_admin) as "ownedProjects",
      (select count(*)::int from my_projects where created_by = ${userId}) as "foundedProjects",
      (select count(*)::int from my_projects where status = 'InProgress') as "activeProjects",
      (select count(*)::int from my_projects where status = 'Completed') as "completedProjects",
      (select count(*)::int from my_posts) as "posts",
      (select count(*)::int from my_replies) as "replies",
      ((select count(*) from post_likes where post_id in (select id from my_posts) and user_id <> ${userId})
        + (select count(*) from reply_likes where reply_id in (select id from my_replies) and user_id <> ${userId})
      )::int as "likesReceived",
      (select count(*)::int from peers where peer <> ${userId}) as "uniquePeers",
      (select count(*)::int from task_comments c join tasks t on t.id = c.task_id
        where c.author_id = ${userId} ${scope("t.project_id")}) as "taskComments",
      (select count(*)::int from my_reviews where requested_by = ${userId}) as "reviewsRequested",
      (select count(*)::int from my_reviews where requested_by = ${userId} and state = 'approved')
        as "reviewsApproved",
      (select count(*)::int from my_reviews
        where decided_by = ${userId} and state in ('approved', 'changes_requested')) as "reviewsGiven",
      (select count(*)::int from repositories where project_id in (select project_id from my_projects))
        as "linkedRepositories",
      (select count(*)::int from repositories
        where project_id in (select project_id from my_projects where is_admin)) as "repositoriesLinkedAsAdmin",
      (select count(*)::int from join_requests jr
        where jr.decided_by = ${userId} and jr.status in ('Approved', 'Rejected') ${scope("jr.project_id")})
        as "joinDecisions",
      (select count(*)::int from pull_requests pr, me
        where me.login is not null and lower(pr.author_login) = me.login
          and pr.project_id in (select project_id from my_projects)) as "pullRequests",
      (select coalesce(sum(commits), 0)::int from mine_on_github) as "commits",
      (select coalesce(sum(code_reviews), 0)::int from mine_on_github) as "codeReviews",
      (select coalesce(sum(lines_added), 0)::int from mine_on_github) as "linesAdded",
      (select coalesce(sum(lines_deleted), 0)::int from mine_on_github) as "linesDeleted"
  `.execute(executor);
  return rows[0]!;
}
