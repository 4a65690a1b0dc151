import { type Kysely, sql } from "kysely";

/**
 * A write drops only the kept pages it can change, and only visitors' pages are kept now: signed-in
 * pages are rendered for every request (host/page-cache.ts), so the `personal-page-changes` channel
 * (0021) goes, triggers and all. Visitors' pages (home, catalogue, project pages) never show
 * forums, tasks, milestones, repositories or profiles' details, so writes to those tables send no
 * notice, and visitors' pages stay kept under a team's daily work. Join requests drop visitors'
 * pages only when a decided one changes: a project page shows how fast its requests were answered
 * (app/models/answer-speed.server.ts), never a pending one. And a project's row changes for
 * visitors' pages unless a statement sets only its forum's post count (migration 0009's trigger,
 * on every post).
 *
 * Released: never edit; the current lists are in db/page-change-tables.ts.
 */
const TABLES_NO_VISITOR_PAGE_SHOWS = [
  "achievements",
  "contributions",
  "forum_posts",
  "forum_replies",
  "post_likes",
  "reply_likes",
  "gainer_profiles",
  "mentor_profiles",
  "nonprofit_profiles",
  "milestones",
  "pull_request_reviews",
  "pull_requests",
  "repositories",
  "repository_languages",
  "subtasks",
  // A task's reviews say how fast mentors answer (a visitors' figure): they have their own trigger,
  // and deleting a task deletes them too.
  "tasks",
  "task_comments",
  "task_events",
  "template_milestones",
  "template_tasks",
  "user_achievements",
];

/** Columns of projects no visitors' page shows, whose updates alone leave visitors' pages kept. */
const PROJECT_COLUMNS_NO_VISITOR_PAGE_SHOWS = ["forum_post_count"];

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = 'projects' order by ordinal_position
  `.execute(db);
  const shown = rows
    .map((row) => row.column_name)
    .filter((name) => !PROJECT_COLUMNS_NO_VISITOR_PAGE_SHOWS.includes(name));
  await sql`drop trigger page_changes on projects`.execute(db);
  await sql`
    create trigger page_changes after insert or update of ${sql.join(shown.map((name) => sql.id(name)))} or delete or truncate
      on projects for each statement execute function notify_page_changes()
  `.execute(db);

  for (const table of TABLES_NO_VISITOR_PAGE_SHOWS) {
    await sql`drop trigger page_changes on ${sql.table(table)}`.execute(db);
  }

  await sql`drop trigger page_changes on join_requests`.execute(db);
  // Named like 0014's channels: the bus's schema prefix (bus.server.ts) keeps side-by-side schemas apart.
  await sql`
    create function notify_join_request_changes() returns trigger language plpgsql as $$
    declare
      decided boolean;
    begin
      if tg_op = 'INSERT' then
        decided := exists (select 1 from new_rows where status in ('Approved', 'Rejected'));
      elsif tg_op = 'DELETE' then
        decided := exists (select 1 from old_rows where status in ('Approved', 'Rejected'));
      else
        decided := exists (select 1 from new_rows where status in ('Approved', 'Rejected'))
          or exists (select 1 from old_rows where status in ('Approved', 'Rejected'));
      end if;
      if decided then
        perform pg_notify(
          case when tg_table_schema = 'public' then '' else tg_table_schema || '.' end || 'page-changes', '');
      end if;
      return null;
    end
    $$
  `.execute(db);
  // Transition tables allow one event a trigger.
  await sql`
    create trigger join_request_changes_insert after insert on join_requests
      referencing new table as new_rows for each statement execute function notify_join_request_changes()
  `.execute(db);
  await sql`
    create trigger join_request_changes_update after update on join_requests
      referencing old table as old_rows new table as new_rows
      for each statement execute function notify_join_request_changes()
  `.execute(db);
  await sql`
    create trigger join_request_changes_delete after delete on join_requests
      referencing old table as old_rows for each statement execute function notify_join_request_changes()
  `.execute(db);
  await sql`
    create trigger join_request_changes_truncate after truncate on join_requests
      for each statement execute function notify_page_changes()
  `.execute(db);

  // Signed-in pages are no longer kept: 0021's channel goes, with every trigger that sends on it.
  const { rows: personal } = await sql<{ table_name: string }>`
    select c.relname as table_name from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'personal_page_changes' and n.nspname = current_schema()
  `.execute(db);
  for (const { table_name } of personal) {
    await sql`drop trigger personal_page_changes on ${sql.table(table_name)}`.execute(db);
  }
  await sql`drop function notify_personal_page_changes()`.execute(db);
}
