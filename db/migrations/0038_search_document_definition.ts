import { type Kysely, sql } from "kysely";

/**
 * The search document's one definition (issue 34). The trigger redefined in 0001, 0011 and 0019
 * is now built on functions that the search's queries call too (app/search/document.server.ts),
 * so a document and the words looking for it are read alike:
 * - search_text(text): text as the search reads it. A language's name that PostgreSQL's parser
 *   cuts to a letter or an English word is written as one word (any case, where it stands as a
 *   word of its own): C# → csharp, C++ → cplusplus, F# → fsharp, .NET → dotnet, so 'c#' no
 *   longer finds C and C++ projects ('c') and '.net' no longer finds a safety net ('net').
 *   ASP.NET and VB.NET are .NET too (asp dotnet, vb dotnet); a site's name (food.net) stays.
 * - search_vector, search_query, search_phrase: the english document, word query and phrase query
 *   of search_text.
 * - project_search_document(project): the weighted document. A: the name; B: the tagline, and
 *   skills (technologies, languages), roles and level; C: the description and goals. How much
 *   each part counts is ts_rank's FIELD_WEIGHTS in app/search/tuning.ts.
 * The vocabulary of the typo leg (search_words) takes its words through search_text too. Every
 * document is rebuilt; the meaning vectors stay (their words are read in app/search/words.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // Not preceded by a letter, digit or the spelling's own signs ('abc#', 'site.net'); '.net' not
    // followed by a letter ('.network'). Spaces around the word keep 'C#/.NET' two words.
    sql`
      create function search_text(words text) returns text language sql immutable parallel safe as $$
        select regexp_replace(regexp_replace(regexp_replace(regexp_replace(words,
          '(?<![[:alnum:]_.+#])c#', ' csharp ', 'gi'),
          '(?<![[:alnum:]_.+#])c[+][+]', ' cplusplus ', 'gi'),
          '(?<![[:alnum:]_.+#])f#', ' fsharp ', 'gi'),
          '(?<![[:alnum:]_.])(asp|vb)?[.]net(?![[:alpha:]_])', ' \\1 dotnet ', 'gi')
      $$
    `,
    sql`
      create function search_vector(words text) returns tsvector language sql immutable parallel safe as $$
        select to_tsvector('english', search_text(words))
      $$
    `,
    sql`
      create function search_query(words text) returns tsquery language sql immutable parallel safe as $$
        select plainto_tsquery('english', search_text(words))
      $$
    `,
    sql`
      create function search_phrase(words text) returns tsquery language sql immutable parallel safe as $$
        select phraseto_tsquery('english', search_text(words))
      $$
    `,
    sql`
      create function project_search_document(p projects) returns tsvector language sql stable as $$
        select
          setweight(search_vector(coalesce(p.name, '')), 'A') ||
          setweight(search_vector(coalesce(p.tagline, '')), 'B') ||
          setweight(search_vector(
            array_to_string(p.technologies, ' ') || ' ' || array_to_string(p.programming_languages, ' ') || ' ' ||
            coalesce((select string_agg(r.name, ' ') from project_roles r where r.project_id = p.id), '') || ' ' ||
            coalesce(p.difficulty, '')), 'B') ||
          setweight(search_vector(coalesce(p.description, '')), 'C') ||
          setweight(search_vector(array_to_string(p.goals, ' ')), 'C')
      $$
    `,
    sql`
      create or replace function projects_search_document() returns trigger language plpgsql as $$
      begin
        new.search_document := project_search_document(new);
        if tg_op = 'UPDATE' and (new.name, new.tagline, new.description, new.technologies,
            new.programming_languages, new.goals) is distinct from (old.name, old.tagline, old.description,
            old.technologies, old.programming_languages, old.goals) then
          new.embedding := null;
        end if;
        return new;
      end
      $$
    `,
    // The typo leg's vocabulary: the words a project uses, as the search reads them.
    sql`
      create function project_vocabulary(p projects) returns setof text language sql immutable as $$
        select distinct w from regexp_split_to_table(lower(search_text(
          coalesce(p.name, '') || ' ' || coalesce(p.tagline, '') || ' ' || coalesce(p.description, '') || ' ' ||
          array_to_string(p.technologies, ' ') || ' ' || array_to_string(p.programming_languages, ' ') || ' ' ||
          array_to_string(p.goals, ' '))), '[^a-z0-9+#]+') as w
        where char_length(w) between 3 and 60
      $$
    `,
    sql`
      create or replace function projects_search_words() returns trigger language plpgsql as $$
      begin
        insert into search_words (word) select project_vocabulary(new) on conflict do nothing;
        return null;
      end
      $$
    `,
    sql`insert into search_words (word) select distinct w from projects p, project_vocabulary(p) w on conflict do nothing`,
    sql`update projects set search_document = null`,
  ];
  for (const statement of statements) await statement.execute(db);
}
