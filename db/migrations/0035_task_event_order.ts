import { type Kysely, sql } from "kysely";

/**
 * A task's history in the order it was written: one change writes several events in a single
 * transaction, where now() is the same for all, so created_at cannot order them. A sequence can.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table task_events add column seq bigint generated always as identity`,
    sql`drop index task_events_task_idx`,
    sql`create index task_events_task_idx on task_events (task_id, seq desc)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
