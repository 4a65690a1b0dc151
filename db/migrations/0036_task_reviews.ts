import { type Kysely, sql } from "kysely";
import { addPersonalPageChangeTrigger } from "./0021_personal_page_change_notices";

/**
 * Mentor review of a task, one row per round: the assignee requests it (an optional note), a
 * mentor or admin of the project claims it, then approves it or asks for changes (a comment), or
 * releases it for another. At most one round of a task is open (requested or claimed) at a time,
 * which the partial unique index holds; a claim is a conditional update on `state = 'requested'`,
 * so two reviewers never hold the same round. `reminded_at` marks the one reminder a round
 * nobody claimed gets. Only signed-in pages show reviews (the personal page-change trigger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table task_reviews (
        id uuid primary key default gen_random_uuid(),
        task_id uuid not null references tasks (id) on delete cascade,
        round integer not null check (round >= 1),
        state text not null default 'requested'
          check (state in ('requested', 'claimed', 'changes_requested', 'approved', 'overridden')),
        requested_by uuid references users (id) on delete set null,
        request_note text not null default '' check (char_length(request_note) <= 2000),
        requested_at timestamptz not null default now(),
        claimed_by uuid references users (id) on delete set null,
        claimed_at timestamptz,
        decided_by uuid references users (id) on delete set null,
        decision_comment text not null default '' check (char_length(decision_comment) <= 5000),
        decided_at timestamptz,
        reminded_at timestamptz,
        unique (task_id, round)
      )
    `,
    sql`create unique index task_reviews_one_open_idx on task_reviews (task_id) where state in ('requested', 'claimed')`,
    // The reminder sweep and the "waiting for you" counts read open rounds only.
    sql`create index task_reviews_open_idx on task_reviews (requested_at) where state in ('requested', 'claimed')`,
    sql`create index task_reviews_claimed_by_idx on task_reviews (claimed_by) where state = 'claimed'`,
    sql`create index task_reviews_requested_by_idx on task_reviews (requested_by)`,
  ];
  for (const statement of statements) await statement.execute(db);
  await addPersonalPageChangeTrigger(db, "task_reviews");
}
