import { type Kysely, sql } from "kysely";

/**
 * Security, second pass (issue 8): rate-limit counters shared by every app instance, and each
 * person's choice to show their email to everyone (off by default: only its owner, and the
 * admins of projects they asked to join, see it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_counters (
      key text primary key,
      window_start timestamptz not null,
      hits integer not null
    )
  `.execute(db);
  await sql`
    create index rate_limit_counters_window_idx on rate_limit_counters (window_start)
  `.execute(db);
  await sql`
    alter table users add column show_email boolean not null default false
  `.execute(db);
}
