import { type Kysely, sql } from "kysely";

/**
 * A number that changes whenever the text a search reads word by word may have changed (a
 * project's name, tagline, description, goals, skills, level or roles; a project added or
 * removed), so the search can keep those words in memory and trust them while it is the same
 * (app/search/close-words.server.ts): reading 80 entries by key was a statement of its own in
 * every search. Bumped by a statement-level trigger on projects, once a statement; an update that
 * changes none of those (open positions, status) leaves it. Roles reach it through the project's
 * search document, which a role change makes the project's own trigger rebuild (0011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table search_statistics add column text_version bigint not null default 0`,
    sql`
      create function projects_search_text_version() returns trigger language plpgsql as $$
      begin
        -- Only an update's statement has transition tables here (and only it may change no word):
        -- a statement naming them is planned only when this branch runs.
        if tg_op = 'UPDATE' then
          if not exists (
            select 1 from old_projects o join new_projects n using (id)
            where (o.name, o.tagline, o.description, o.goals, o.technologies, o.programming_languages,
                   o.difficulty, o.search_document)
              is distinct from (n.name, n.tagline, n.description, n.goals, n.technologies,
                   n.programming_languages, n.difficulty, n.search_document)
          ) then
            return null;
          end if;
        end if;
        update search_statistics set text_version = text_version + 1;
        return null;
      end
      $$
    `,
    sql`
      create trigger projects_search_text_version_insert after insert on projects
        for each statement execute function projects_search_text_version()
    `,
    sql`
      create trigger projects_search_text_version_update after update on projects
        referencing old table as old_projects new table as new_projects
        for each statement execute function projects_search_text_version()
    `,
    sql`
      create trigger projects_search_text_version_delete after delete on projects
        for each statement execute function projects_search_text_version()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
