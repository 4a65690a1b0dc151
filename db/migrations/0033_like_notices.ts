import { type Kysely, sql } from "kysely";

/**
 * Who has been told about whose like: one row per liker and post or reply, kept when the like is
 * taken back, so liking, unliking and liking again notifies the author once, ever (a toggled
 * like put a notification in the author's inbox every other click).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table like_notices (
        liker_id uuid not null references users (id) on delete cascade,
        post_id uuid references forum_posts (id) on delete cascade,
        reply_id uuid references forum_replies (id) on delete cascade,
        created_at timestamptz not null default now(),
        check ((post_id is null) <> (reply_id is null))
      )
    `,
    sql`create unique index like_notices_post_idx on like_notices (post_id, liker_id) where post_id is not null`,
    sql`create unique index like_notices_reply_idx on like_notices (reply_id, liker_id) where reply_id is not null`,
    sql`create index like_notices_liker_idx on like_notices (liker_id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
