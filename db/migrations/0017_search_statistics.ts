import { type Kysely, sql } from "kysely";

/**
 * Search statistics kept as projects are written (issue 15), so a search reads how rare each of
 * its words is by index instead of counting over every project:
 * - search_terms: for each lexeme of the search documents, how many projects' documents hold it;
 * - search_statistics: how many projects there are (one row).
 * Statement-level triggers add what each statement changed in one aggregated upsert (a bulk load
 * of 100,000 projects is one statement per batch, not a statement per project); the upserts go in
 * lexeme order so concurrent writers take row locks in the same order.
 *
 * The search's GIN indexes (documents, vocabulary trigrams) write through instead of collecting
 * a pending list: a pending list is read in full by every search until a vacuum empties it, and
 * the embedded database has no autovacuum (a 100,000-project load left 25 ms of it per typo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table search_terms (lexeme text primary key, documents integer not null)`,
    sql`
      create table search_statistics (
        id boolean primary key default true check (id),
        documents integer not null
      )
    `,
    sql`
      create function projects_search_terms_insert() returns trigger language plpgsql as $$
      begin
        insert into search_terms (lexeme, documents)
          select u.lexeme, count(*) from inserted_projects n, unnest(n.search_document) u
          group by u.lexeme order by u.lexeme
          on conflict (lexeme) do update set documents = search_terms.documents + excluded.documents;
        update search_statistics set documents = documents + (select count(*) from inserted_projects);
        return null;
      end
      $$
    `,
    sql`
      create function projects_search_terms_delete() returns trigger language plpgsql as $$
      begin
        update search_terms s set documents = s.documents - d.documents
          from (
            select u.lexeme, count(*) as documents from deleted_projects o, unnest(o.search_document) u
            group by u.lexeme order by u.lexeme
          ) d
          where s.lexeme = d.lexeme;
        update search_statistics set documents = documents - (select count(*) from deleted_projects);
        return null;
      end
      $$
    `,
    sql`
      create function projects_search_terms_update() returns trigger language plpgsql as $$
      begin
        insert into search_terms (lexeme, documents)
          select lexeme, sum(change) from (
            select u.lexeme, 1 as change
              from old_projects o join new_projects n using (id), unnest(n.search_document) u
              where o.search_document is distinct from n.search_document
            union all
            select u.lexeme, -1 as change
              from old_projects o join new_projects n using (id), unnest(o.search_document) u
              where o.search_document is distinct from n.search_document
          ) changes
          group by lexeme having sum(change) <> 0 order by lexeme
          on conflict (lexeme) do update set documents = search_terms.documents + excluded.documents;
        return null;
      end
      $$
    `,
    sql`
      create trigger projects_search_terms_insert after insert on projects
        referencing new table as inserted_projects
        for each statement execute function projects_search_terms_insert()
    `,
    sql`
      create trigger projects_search_terms_delete after delete on projects
        referencing old table as deleted_projects
        for each statement execute function projects_search_terms_delete()
    `,
    sql`
      create trigger projects_search_terms_update after update on projects
        referencing old table as old_projects new table as new_projects
        for each statement execute function projects_search_terms_update()
    `,
    sql`
      insert into search_terms (lexeme, documents)
        select u.lexeme, count(*) from projects p, unnest(p.search_document) u group by u.lexeme
    `,
    sql`insert into search_statistics (documents) select count(*) from projects`,
    sql`alter index projects_search_idx set (fastupdate = off)`,
    sql`alter index search_words_trgm_idx set (fastupdate = off)`,
    sql`select gin_clean_pending_list('projects_search_idx'::regclass)`,
    sql`select gin_clean_pending_list('search_words_trgm_idx'::regclass)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
