import { type Kysely, sql } from "kysely";

/**
 * Visitors' pages are kept in a short shared cache (server.ts). Every write to a table those pages
 * read says so on the event bus's `page-changes` channel, so every app instance drops its copies
 * when the write commits. Statement-level triggers: one notice per statement (PostgreSQL folds
 * equal notices in one transaction into one), whatever the number of rows.
 *
 * Tables whose rows no visitor page shows are left out. Released: never edit; a later table is
 * classified in its own migration and in db/page-change-tables.ts.
 */
const TABLES_NO_VISITOR_PAGE_SHOWS = [
  "sessions",
  "notifications",
  "project_notification_mutes",
  "rate_limit_counters",
  "github_etags",
  "sync_runs",
  "kysely_migration",
  "kysely_migration_lock",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The channel carries the bus's schema prefix (bus.server.ts), so side-by-side schemas never hear each other.
  await sql`
    create function notify_page_changes() returns trigger language plpgsql as $$
    begin
      perform pg_notify(
        case when tg_table_schema = 'public' then '' else tg_table_schema || '.' end || 'page-changes', '');
      return null;
    end
    $$
  `.execute(db);
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(db);
  for (const { table_name } of rows) {
    if (TABLES_NO_VISITOR_PAGE_SHOWS.includes(table_name)) continue;
    await addPageChangeTrigger(db, table_name);
  }
}

/** For migrations that add a table visitors' pages read. */
export async function addPageChangeTrigger(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`
    create trigger page_changes after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_page_changes()
  `.execute(db);
}
