import { type Kysely, sql } from "kysely";

/**
 * Live notifications and the join response contract (issue 13):
 * - each notification gets a sequence number, so a client that reconnects asks for what came
 *   after the last one it saw; a reason ('you are an admin of …'), a link, and its project, so a
 *   muted project's notifications can be kept but left out of pushes and counts;
 * - a user mutes a project's notifications with a row in project_notification_mutes;
 * - a join request that waits 14 days expires into a state of its own, and an admin is reminded
 *   once when one has waited 2 days (reminded_at).
 * One statement per call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table notifications add column seq bigint generated always as identity`,
    sql`alter table notifications add column reason text not null default ''`,
    sql`alter table notifications add column link text not null default ''`,
    sql`alter table notifications add column project_id uuid references projects (id) on delete cascade`,
    sql`create unique index notifications_user_seq_idx on notifications (user_id, seq)`,
    sql`drop index notifications_user_idx`,
    sql`create index notifications_project_idx on notifications (project_id)`,
    sql`
      create table project_notification_mutes (
        user_id uuid not null references users (id) on delete cascade,
        project_id uuid not null references projects (id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (user_id, project_id)
      )
    `,
    sql`alter table join_requests drop constraint join_requests_status_check`,
    sql`
      alter table join_requests add constraint join_requests_status_check
        check (status in ('Pending', 'Approved', 'Rejected', 'Cancelled', 'Expired'))
    `,
    sql`alter table join_requests add column reminded_at timestamptz`,
    sql`create index join_requests_pending_age_idx on join_requests (created_at) where status = 'Pending'`,
  ];
  for (const statement of statements) await statement.execute(db);
}
