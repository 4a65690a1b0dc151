import { type Kysely, sql } from "kysely";

/**
 * The Smart Summary counts a person's task comments and the reviews they gave, as it counts their
 * forum posts: by person, so each needs an index that starts with the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create index task_comments_author_idx on task_comments (author_id, created_at)`,
    sql`create index task_reviews_decided_by_idx on task_reviews (decided_by, decided_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
