import { type Kysely, sql } from "kysely";

/**
 * The search keeps each found entry's words and offline vector at the ranking version (0039), which
 * also moves when a vector, kind or status changes (app/search/kept-entries.server.ts): the text
 * version (0022) has no reader left, so its column and the trigger each project write ran go.
 *
 * Released: never edit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`drop trigger projects_search_text_version_insert on projects`,
    sql`drop trigger projects_search_text_version_update on projects`,
    sql`drop trigger projects_search_text_version_delete on projects`,
    sql`drop function projects_search_text_version()`,
    sql`alter table search_statistics drop column text_version`,
  ];
  for (const statement of statements) await statement.execute(db);
}
