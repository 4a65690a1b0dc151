import { type Kysely, sql } from "kysely";

/**
 * Hybrid search (issue 15):
 * - pg_trgm, and a vocabulary of the words projects use (search_words), so a misspelt query word
 *   finds the word it meant by trigram similarity;
 * - each project's meaning vector (projects.embedding, unit length, real[] so every database has
 *   the same column); where pgvector exists (PGlite ships it) an HNSW index over it as a vector
 *   serves nearest-neighbour search; elsewhere the search compares vectors in plain SQL;
 * - the search document also carries the project's role names, with its skills, above the prose;
 *   a change of text clears the embedding so a stale vector is never used (the model function
 *   that changed it computes a new one).
 * Extensions live in public so test runs in schemas of their own share them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'vector') as available
  `.execute(db);
  const statements = [
    sql`alter table projects add column embedding real[]`,
    sql`
      create table search_words (
        word text primary key check (char_length(word) between 1 and 60)
      )
    `,
    sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`,
    sql`
      create or replace function projects_search_document() returns trigger language plpgsql as $$
      declare
        role_names text := coalesce(
          (select string_agg(r.name, ' ') from project_roles r where r.project_id = new.id), '');
      begin
        new.search_document :=
          setweight(to_tsvector('english', coalesce(new.name, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(new.tagline, '')), 'B') ||
          setweight(to_tsvector('english',
            array_to_string(new.technologies, ' ') || ' ' || array_to_string(new.programming_languages, ' ') ||
            ' ' || role_names), 'B') ||
          setweight(to_tsvector('english', coalesce(new.description, '')), 'C') ||
          setweight(to_tsvector('english', array_to_string(new.goals, ' ')), 'C');
        if tg_op = 'UPDATE' and (new.name, new.tagline, new.description, new.technologies,
            new.programming_languages, new.goals) is distinct from (old.name, old.tagline, old.description,
            old.technologies, old.programming_languages, old.goals) then
          new.embedding := null;
        end if;
        return new;
      end
      $$
    `,
    sql`drop trigger projects_search_document_trigger on projects`,
    sql`
      create trigger projects_search_document_trigger
        before insert or update of name, tagline, description, technologies, programming_languages, goals,
          search_document
        on projects for each row execute function projects_search_document()
    `,
    // Role names are part of the document: a role added, renamed or removed rewrites it.
    sql`
      create function project_roles_search_document() returns trigger language plpgsql as $$
      begin
        update projects set search_document = null
          where id in (select project_id from changed_roles);
        return null;
      end
      $$
    `,
    sql`
      create trigger project_roles_search_insert after insert on project_roles
        referencing new table as changed_roles
        for each statement execute function project_roles_search_document()
    `,
    sql`
      create trigger project_roles_search_delete after delete on project_roles
        referencing old table as changed_roles
        for each statement execute function project_roles_search_document()
    `,
    // The vocabulary only grows: a word no project uses any more costs a row, never a wrong result.
    sql`
      create function projects_search_words() returns trigger language plpgsql as $$
      begin
        insert into search_words (word)
          select distinct w from regexp_split_to_table(lower(
            coalesce(new.name, '') || ' ' || coalesce(new.tagline, '') || ' ' || coalesce(new.description, '') ||
            ' ' || array_to_string(new.technologies, ' ') || ' ' || array_to_string(new.programming_languages, ' ') ||
            ' ' || array_to_string(new.goals, ' ')), '[^a-z0-9+#]+') as w
          where char_length(w) between 3 and 60
          on conflict do nothing;
        return null;
      end
      $$
    `,
    sql`
      create trigger projects_search_words_trigger
        after insert or update of name, tagline, description, technologies, programming_languages, goals
        on projects for each row execute function projects_search_words()
    `,
    sql`
      insert into search_words (word)
        select distinct w from projects p, regexp_split_to_table(lower(
          p.name || ' ' || p.tagline || ' ' || p.description || ' ' || array_to_string(p.technologies, ' ') ||
          ' ' || array_to_string(p.programming_languages, ' ') || ' ' || array_to_string(p.goals, ' ')),
          '[^a-z0-9+#]+') as w
        where char_length(w) between 3 and 60
        on conflict do nothing
    `,
    sql`update projects set search_document = null`,
  ];
  for (const statement of statements) await statement.execute(db);
  if (rows[0]?.available) {
    await sql`create extension if not exists vector with schema public`.execute(db);
    await sql`
      create index projects_embedding_idx on projects
        using hnsw ((embedding::vector(100)) vector_cosine_ops)
    `.execute(db);
  }
}
