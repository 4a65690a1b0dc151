import { type Kysely, sql } from "kysely";

/**
 * Signed-in people's pages are kept too, each for its own session (host/page-cache.ts). Writes to
 * the tables visitors' pages read already send `page-changes` (0014), which drops every kept page;
 * writes to the tables only signed-in pages show send `personal-page-changes`, which drops the
 * personal ones alone (a notification for one person leaves visitors' pages kept).
 *
 * Released: never edit; the current lists are in db/page-change-tables.ts.
 */
const TABLES_ONLY_SIGNED_IN_PAGES_SHOW = [
  // A signed-out or expired session must not see its kept pages again.
  "sessions",
  "notifications",
  "project_notification_mutes",
  "sync_runs",
  "insight_preparations",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Named like 0014's channel: the bus's schema prefix (bus.server.ts) keeps side-by-side schemas apart.
  await sql`
    create function notify_personal_page_changes() returns trigger language plpgsql as $$
    begin
      perform pg_notify(
        case when tg_table_schema = 'public' then '' else tg_table_schema || '.' end || 'personal-page-changes', '');
      return null;
    end
    $$
  `.execute(db);
  for (const table of TABLES_ONLY_SIGNED_IN_PAGES_SHOW) await addPersonalPageChangeTrigger(db, table);
}

/** For migrations that add a table only signed-in people's pages read. */
export async function addPersonalPageChangeTrigger(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`
    create trigger personal_page_changes after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_personal_page_changes()
  `.execute(db);
}
