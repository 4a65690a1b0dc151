import { type Kysely, sql } from "kysely";

/**
 * The work area: a template's plan (milestones and first tasks with their subtasks, dated by
 * days from the project's start), copied into every project started from it; and the indexes
 * the work page and milestone counts read through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table template_milestones (
      id uuid primary key default gen_random_uuid(),
      template_id uuid not null references projects (id) on delete cascade,
      title text not null check (char_length(btrim(title)) between 1 and 200),
      description text not null default '',
      offset_days integer not null check (offset_days between 1 and 3650),
      order_index integer not null default 0
    )
  `.execute(db);
  await sql`
    create index template_milestones_template_idx on template_milestones (template_id, order_index)
  `.execute(db);
  await sql`
    create table template_tasks (
      id uuid primary key default gen_random_uuid(),
      template_id uuid not null references projects (id) on delete cascade,
      template_milestone_id uuid references template_milestones (id) on delete cascade,
      title text not null check (char_length(btrim(title)) between 1 and 200),
      description text not null default '',
      priority text not null default 'Medium' check (priority in ('Low', 'Medium', 'High', 'Critical')),
      type text not null default 'Feature',
      due_offset_days integer check (due_offset_days between 0 and 3650),
      subtasks text[] not null default '{}',
      order_index integer not null default 0
    )
  `.execute(db);
  await sql`
    create index template_tasks_template_idx on template_tasks (template_id, order_index)
  `.execute(db);
  await sql`
    create index template_tasks_milestone_idx on template_tasks (template_milestone_id)
  `.execute(db);
  // Milestone counts and "on delete set null" read tasks by milestone; the work page reads a
  // member's tasks by project.
  await sql`
    create index tasks_milestone_idx on tasks (milestone_id) where milestone_id is not null
  `.execute(db);
  await sql`
    create index tasks_project_assignee_idx on tasks (project_id, assignee_id, status)
  `.execute(db);
  await sql`
    create index milestones_project_order_idx on milestones (project_id, order_index, target_date)
  `.execute(db);
}
