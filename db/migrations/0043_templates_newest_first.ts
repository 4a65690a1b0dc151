import { type Kysely, sql } from "kysely";

/**
 * The catalogue lists templates newest first. Templates have no status (0001's check), so the
 * (kind, status, created_at desc, id) index gave them in no order: every template was read and
 * sorted for a page of nine (42 ms at 25,000 templates, 100,000 projects). This index gives them
 * in order, so a page reads its nine (0.1 ms).
 *
 * Released: never edit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index projects_templates_created_idx on projects (created_at desc, id) where kind = 'template'`.execute(
    db,
  );
}
