import { type Kysely, sql } from "kysely";

/**
 * A number that changes whenever a search's ranking may have: what the text version (0022) counts,
 * and also a project's kind or status (which projects a search may find) and its meaning vectors
 * (the semantic leg). The search keeps its rankings in memory by this number
 * (app/search/kept-rankings.server.ts): a ranking read at the same number is the same ranking.
 * Open positions, post counts and dates leave it; cards are always read fresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table search_statistics add column ranking_version bigint not null default 0`,
    sql`
      create function projects_search_ranking_version() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          if not exists (
            select 1 from old_projects o join new_projects n using (id)
            where (o.name, o.tagline, o.description, o.goals, o.technologies, o.programming_languages,
                   o.difficulty, o.search_document, o.kind, o.status, o.embedding, o.remote_embedding,
                   o.remote_embedding_model)
              is distinct from (n.name, n.tagline, n.description, n.goals, n.technologies,
                   n.programming_languages, n.difficulty, n.search_document, n.kind, n.status, n.embedding,
                   n.remote_embedding, n.remote_embedding_model)
          ) then
            return null;
          end if;
        end if;
        update search_statistics set ranking_version = ranking_version + 1;
        return null;
      end
      $$
    `,
    sql`
      create trigger projects_search_ranking_version_insert after insert on projects
        for each statement execute function projects_search_ranking_version()
    `,
    sql`
      create trigger projects_search_ranking_version_update after update on projects
        referencing old table as old_projects new table as new_projects
        for each statement execute function projects_search_ranking_version()
    `,
    sql`
      create trigger projects_search_ranking_version_delete after delete on projects
        for each statement execute function projects_search_ranking_version()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
