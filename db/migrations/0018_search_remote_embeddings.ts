import { type Kysely, sql } from "kysely";

/**
 * Meaning vectors from an embeddings endpoint (EMBEDDINGS_URL, issue 15), beside the offline ones:
 * projects.remote_embedding (unit length, of whatever size the endpoint's model makes) with the
 * model that made it. A change of the project's text clears it, as it clears the offline vector,
 * so a stale vector is never compared; the embed-projects job fetches a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table projects add column remote_embedding real[], add column remote_embedding_model text`,
    sql`
      create function projects_remote_embedding_stale() returns trigger language plpgsql as $$
      begin
        new.remote_embedding := null;
        new.remote_embedding_model := null;
        return new;
      end
      $$
    `,
    sql`
      create trigger projects_remote_embedding_stale
        before update of name, tagline, description, technologies, programming_languages, goals on projects
        for each row
        when ((new.name, new.tagline, new.description, new.technologies, new.programming_languages, new.goals)
          is distinct from (old.name, old.tagline, old.description, old.technologies, old.programming_languages,
          old.goals))
        execute function projects_remote_embedding_stale()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
