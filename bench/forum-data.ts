import { type Kysely, sql } from "kysely";

/**
 * The forum's part of `npm run bench`: one demo member with two projects, one forum of 10 posts
 * and one of `bigCount` posts (every tenth with two replies, every seventh liked), for the bench to
 * sign in as that member and load the Forum tab the way a member does.
 */
export interface ForumBench {
  userId: string;
  small: string;
  big: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function prepareForumBench(db: Kysely<any>, bigCount: number): Promise<ForumBench> {
  const { rows } = await sql<{ user_id: string; projects: string[] }>`
    select m.user_id, array_agg(m.project_id order by m.project_id) as projects
    from project_members m
    group by m.user_id
    having count(*) >= 2
    order by m.user_id
    limit 1
  `.execute(db);
  const member = rows[0];
  if (!member) throw new Error("No demo member with two projects to bench the forum with.");
  const [small, big] = member.projects as [string, string];
  await sql`delete from forum_posts where project_id in (${small}, ${big})`.execute(db);

  const topics = sql`(array['database','design','testing','deploy','react','accessibility','mentoring'])`;
  const insertPosts = (projectId: string, count: number) => sql`
    insert into forum_posts (project_id, author_id, content, created_at)
    select ${projectId}::uuid, ${member.user_id}::uuid,
      'Update ' || i || ': progress on the ' || ${topics}[1 + i % 7] || ' work, with notes for the team.',
      now() - make_interval(mins => i)
    from generate_series(1, ${count}) as i
  `;
  await insertPosts(small, 10).execute(db);
  await insertPosts(big, bigCount).execute(db);
  await sql`
    insert into forum_replies (post_id, author_id, content, created_at)
    select p.id, ${member.user_id}::uuid, 'A reply ' || n, p.created_at + make_interval(secs => n)
    from (select id, created_at, row_number() over (order by created_at) as rn
          from forum_posts where project_id in (${small}, ${big})) p
    cross join generate_series(1, 2) as n
    where p.rn % 10 = 0
  `.execute(db);
  await sql`
    insert into post_likes (post_id, user_id)
    select p.id, ${member.user_id}::uuid
    from (select id, row_number() over (order by created_at) as rn
          from forum_posts where project_id in (${small}, ${big})) p
    where p.rn % 7 = 0
  `.execute(db);

  return { userId: member.user_id, small, big };
}
