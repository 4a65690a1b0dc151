import { type Kysely, sql } from "kysely";
import { addPageChangeTrigger } from "./0014_page_change_notices";

/**
 * The project page (a visitors' page too) now says how soon its mentors start a review, read from
 * task_reviews: its writes drop every kept page, as those of the other tables visitors' pages read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger personal_page_changes on task_reviews`.execute(db);
  await addPageChangeTrigger(db, "task_reviews");
}
