import { type Kysely, sql } from "kysely";

/**
 * The project forum (issue 12): posts and replies up to 10,000 characters, editable; like and
 * reply counters kept by triggers (so every sort is an index scan and the seed's rows count too);
 * full-text search over content; indexes for each sort of a project's posts.
 * One statement per call, as the embedded database's protocol wants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      alter table forum_posts drop constraint if exists forum_posts_content_check
    `,
    sql`
      alter table forum_posts add constraint forum_posts_content_check
        check (char_length(btrim(content)) between 1 and 10000)
    `,
    sql`
      alter table forum_replies drop constraint if exists forum_replies_content_check
    `,
    sql`
      alter table forum_replies add constraint forum_replies_content_check
        check (char_length(btrim(content)) between 1 and 10000)
    `,
    sql`
      alter table forum_posts
        add column like_count integer not null default 0 check (like_count >= 0),
        add column reply_count integer not null default 0 check (reply_count >= 0),
        add column updated_at timestamptz,
        add column search tsvector generated always as (to_tsvector('english', content)) stored
    `,
    sql`
      alter table forum_replies
        add column like_count integer not null default 0 check (like_count >= 0),
        add column updated_at timestamptz
    `,
    sql`
      update forum_posts p set
        like_count = (select count(*) from post_likes l where l.post_id = p.id),
        reply_count = (select count(*) from forum_replies r where r.post_id = p.id)
    `,
    sql`
      update forum_replies r set like_count = (select count(*) from reply_likes l where l.reply_id = r.id)
    `,
    sql`
      drop index if exists forum_posts_project_idx
    `,
    sql`
      create index forum_posts_newest_idx on forum_posts (project_id, created_at desc, id desc)
    `,
    sql`
      create index forum_posts_top_idx on forum_posts (project_id, like_count desc, created_at desc, id desc)
    `,
    sql`
      create index forum_posts_replies_idx on forum_posts (project_id, reply_count desc, created_at desc, id desc)
    `,
    sql`
      create index forum_posts_author_idx on forum_posts (project_id, author_id)
    `,
    sql`
      create index forum_posts_search_idx on forum_posts using gin (search)
    `,
    sql`
      create index post_likes_user_idx on post_likes (user_id)
    `,
    sql`
      create index reply_likes_user_idx on reply_likes (user_id)
    `,
    sql`
      create index forum_replies_author_idx on forum_replies (author_id)
    `,
    sql`
      create index forum_posts_author_only_idx on forum_posts (author_id)
    `,
    sql`
      create function forum_post_likes_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update forum_posts set like_count = like_count + 1 where id = new.post_id;
        else
          update forum_posts set like_count = like_count - 1 where id = old.post_id;
        end if;
        return null;
      end
      $$
    `,
    sql`
      create trigger post_likes_count after insert or delete on post_likes
        for each row execute function forum_post_likes_count()
    `,
    sql`
      create function forum_reply_likes_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update forum_replies set like_count = like_count + 1 where id = new.reply_id;
        else
          update forum_replies set like_count = like_count - 1 where id = old.reply_id;
        end if;
        return null;
      end
      $$
    `,
    sql`
      create trigger reply_likes_count after insert or delete on reply_likes
        for each row execute function forum_reply_likes_count()
    `,
    sql`
      create function forum_replies_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update forum_posts set reply_count = reply_count + 1 where id = new.post_id;
        else
          update forum_posts set reply_count = reply_count - 1 where id = old.post_id;
        end if;
        return null;
      end
      $$
    `,
    sql`
      create trigger forum_replies_count after insert or delete on forum_replies
        for each row execute function forum_replies_count()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
