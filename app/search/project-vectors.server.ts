import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { embedProject } from "./embedding.server";

const BATCH = 500;

/**
 * Computes the offline meaning vector of every project that has none (new, seeded, imported, or
 * whose text changed: the database clears the vector then). `ids` limits it to those projects,
 * for the model function that just wrote them. Returns how many it stored.
 */
export async function embedMissingProjects(db: Kysely<Database>, ids?: string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let stored = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    let query = db
      .selectFrom("projects")
      .select(["id", "name", "tagline", "description", "technologies", "programming_languages", "goals"])
      .where("embedding", "is", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH);
    if (ids) query = query.where("id", "in", ids);
    const rows = await query.execute();
    if (rows.length > 0) after = rows[rows.length - 1].id;
    // A project with no known word at all keeps no vector: nothing can be close to it.
    const vectors = rows.flatMap((row) => {
      const vector = embedProject({
        name: row.name,
        tagline: row.tagline,
        description: row.description,
        technologies: row.technologies,
        programmingLanguages: row.programming_languages,
        goals: row.goals,
      });
      return vector ? [{ id: row.id, vector }] : [];
    });
    if (vectors.length > 0) {
      const values = sql.join(vectors.map(({ id, vector }) => sql`(${id}::uuid, ${vector}::real[])`));
      await sql`
        update projects p set embedding = v.embedding
        from (values ${values}) as v(id, embedding) where p.id = v.id
      `.execute(db);
      stored += vectors.length;
    }
    if (rows.length < BATCH) return stored;
  }
}
