import { type Kysely, sql } from "kysely";
import { addPageChangeTrigger } from "./0014_page_change_notices";

/**
 * Teamwork on a task: its discussion (task_comments) and its history (task_events). An event is
 * a kind and a JSON detail (a field's old and new value, the subtask's title, …), so later kinds
 * such as mentor review requests need no new table. Both go with their task. Their writes drop
 * kept pages like the task's own (the page_changes trigger), so no instance shows a stale page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table task_comments (
        id uuid primary key default gen_random_uuid(),
        task_id uuid not null references tasks (id) on delete cascade,
        author_id uuid not null references users (id) on delete cascade,
        content text not null check (char_length(btrim(content)) between 1 and 10000),
        created_at timestamptz not null default now(),
        updated_at timestamptz
      )
    `,
    sql`create index task_comments_task_idx on task_comments (task_id, created_at, id)`,
    sql`
      create table task_events (
        id uuid primary key default gen_random_uuid(),
        task_id uuid not null references tasks (id) on delete cascade,
        actor_id uuid references users (id) on delete set null,
        kind text not null check (kind ~ '^[a-z][a-z_]{0,39}$'),
        detail jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now()
      )
    `,
    sql`create index task_events_task_idx on task_events (task_id, created_at desc, id desc)`,
  ];
  for (const statement of statements) await statement.execute(db);
  await addPageChangeTrigger(db, "task_comments");
  await addPageChangeTrigger(db, "task_events");
}
