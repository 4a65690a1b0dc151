import { type Kysely, sql } from "kysely";

/**
 * Visitors' pages are kept in a short shared cache (server.ts). Every write to a table those pages
 * read says so on the event bus's `page-changes` channel, so every app instance drops its copies
 * when the write commits. Statement-level triggers: one notice per statement (PostgreSQL folds
 * equal notices in one transaction into one), whatever the number of rows.
 *
 * Tables whose rows no visitor page shows are left out; `tests/integration/page-cache.test.ts`
 * fails for a new table that is neither here nor in its list of such tables.
 */
export const TABLES_NO_VISITOR_PAGE_SHOWS = [
  "sessions",
  "notifications",
  "project_notification_mutes",
  "rate_limit_counters",
  "github_etags",
  "sync_runs",
  // Smart Summary's per-user 'prepared' marker (0016): only its owner's signed-in page reads it.
  "insight_preparations",
  // Search's word counts (0017): written only by projects' own triggers, whose writes already notice.
  "search_terms",
  "search_statistics",
  // The catalogue's counts (0020): likewise written only by projects' triggers.
  "catalogue_counts",
  // The development identity provider's sign-in records (0032): no page shows them.
  "dev_idp_records",
  // Who was told about a like (0033): no page shows it.
  "like_notices",
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
