import { type Kysely, sql } from "kysely";

/**
 * Each project's number of forum posts, kept by a trigger like the like and reply counters
 * (migration 0007), so the Forum tab's "Page 1 of N" costs one row read however many posts a
 * project has, instead of counting them all on every page. One statement per call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      alter table projects add column forum_post_count integer not null default 0 check (forum_post_count >= 0)
    `,
    sql`
      update projects p set forum_post_count = (select count(*) from forum_posts f where f.project_id = p.id)
    `,
    sql`
      create function forum_posts_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update projects set forum_post_count = forum_post_count + 1 where id = new.project_id;
        else
          update projects set forum_post_count = forum_post_count - 1 where id = old.project_id;
        end if;
        return null;
      end
      $$
    `,
    sql`
      create trigger forum_posts_count after insert or delete on forum_posts
        for each row execute function forum_posts_count()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
