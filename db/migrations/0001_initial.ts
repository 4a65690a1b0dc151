import { type Kysely, sql } from "kysely";

/**
 * The whole data model of the spec. Rules that must always hold live here as constraints
 * (DESIGN principle 5), so no code path can break them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      external_id text not null unique,
      email text not null,
      full_name text not null default '',
      role text check (role in ('gainer', 'mentor', 'nonprofit')),
      profile_completed boolean not null default false,
      profile_picture_url text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create unique index users_email_key on users (lower(email)) where email <> ''
  `.execute(db);
  await sql`
    create table gainer_profiles (
      user_id uuid primary key references users (id) on delete cascade,
      full_name text not null check (char_length(full_name) between 1 and 100),
      biography text not null check (char_length(biography) between 1 and 1000),
      profile_picture_url text check (char_length(profile_picture_url) <= 200),
      linkedin_url text check (char_length(linkedin_url) <= 200),
      github_url text check (char_length(github_url) <= 200),
      facebook_page_url text check (char_length(facebook_page_url) <= 200),
      current_position text not null check (char_length(current_position) between 1 and 100),
      years_of_experience integer not null check (years_of_experience between 0 and 50),
      education_status text not null,
      areas_of_interest text[] not null check (cardinality(areas_of_interest) >= 1),
      programming_languages text[] not null default '{}',
      technologies text[] not null default '{}',
      tools text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table mentor_profiles (
      user_id uuid primary key references users (id) on delete cascade,
      full_name text not null check (char_length(full_name) between 1 and 100),
      biography text not null check (char_length(biography) between 1 and 1000),
      profile_picture_url text check (char_length(profile_picture_url) <= 200),
      linkedin_url text check (char_length(linkedin_url) <= 200),
      github_url text check (char_length(github_url) <= 200),
      website_url text check (char_length(website_url) <= 200),
      current_position text not null default '',
      years_of_experience integer not null check (years_of_experience between 0 and 60),
      availability text not null default '',
      expertise text[] not null default '{}',
      programming_languages text[] not null default '{}',
      technologies text[] not null default '{}',
      tools text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table nonprofit_profiles (
      user_id uuid primary key references users (id) on delete cascade,
      organization_name text not null check (char_length(organization_name) between 1 and 200),
      mission text not null check (char_length(mission) between 1 and 2000),
      website_url text check (char_length(website_url) <= 200),
      contact_name text not null check (char_length(contact_name) between 1 and 100),
      contact_email text not null check (char_length(contact_email) <= 200),
      areas_of_need text[] not null default '{}',
      profile_picture_url text check (char_length(profile_picture_url) <= 200),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  // Templates and running projects share one table: a project started from a template
  // copies its content and keeps a link to it.
  await sql`
    create table projects (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('template', 'project')),
      template_id uuid references projects (id) on delete set null,
      status text check (status in ('Pending', 'InProgress', 'Completed')),
      name text not null check (char_length(name) between 1 and 200),
      tagline text not null default '',
      description text not null default '',
      difficulty text check (difficulty in ('Beginner', 'Intermediate', 'Advanced')),
      duration_days integer check (duration_days > 0),
      picture_url text,
      technologies text[] not null default '{}',
      programming_languages text[] not null default '{}',
      goals text[] not null default '{}',
      scope text not null default 'Public',
      repository_url text,
      start_date date,
      created_by uuid references users (id) on delete set null,
      search_document tsvector,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint projects_status_by_kind check ((kind = 'template') = (status is null))
    )
  `.execute(db);
  await sql`
    create index projects_kind_status_created_idx on projects (kind, status, created_at desc, id)
  `.execute(db);
  await sql`
    create index projects_search_idx on projects using gin (search_document)
  `.execute(db);
  await sql`
    create index projects_technologies_idx on projects using gin (technologies)
  `.execute(db);
  await sql`
    create index projects_languages_idx on projects using gin (programming_languages)
  `.execute(db);
  // Weighted search document: the name counts most, then tagline and skills, then the prose.
  await sql`
    create function projects_search_document() returns trigger language plpgsql as $$
    begin
      new.search_document :=
        setweight(to_tsvector('english', coalesce(new.name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(new.tagline, '')), 'B') ||
        setweight(to_tsvector('english',
          array_to_string(new.technologies, ' ') || ' ' || array_to_string(new.programming_languages, ' ')), 'B') ||
        setweight(to_tsvector('english', coalesce(new.description, '')), 'C') ||
        setweight(to_tsvector('english', array_to_string(new.goals, ' ')), 'C');
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger projects_search_document_trigger
      before insert or update of name, tagline, description, technologies, programming_languages, goals
      on projects for each row execute function projects_search_document()
  `.execute(db);
  await sql`
    create table project_roles (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      name text not null check (char_length(name) between 1 and 100),
      open_positions integer not null default 0 check (open_positions >= 0),
      unique (project_id, name)
    )
  `.execute(db);
  await sql`
    create table project_members (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      role_in_project text not null,
      is_admin boolean not null default false,
      joined_at timestamptz not null default now(),
      unique (project_id, user_id)
    )
  `.execute(db);
  await sql`
    create index project_members_user_idx on project_members (user_id)
  `.execute(db);
  await sql`
    create table join_requests (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      requested_role text not null,
      message text not null default '' check (char_length(message) <= 500),
      status text not null default 'Pending' check (status in ('Pending', 'Approved', 'Rejected', 'Cancelled')),
      decision_reason text,
      decided_by uuid references users (id) on delete set null,
      decided_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create unique index join_requests_one_pending_idx on join_requests (project_id, user_id) where status = 'Pending'
  `.execute(db);
  await sql`
    create index join_requests_project_status_idx on join_requests (project_id, status, created_at)
  `.execute(db);
  await sql`
    create index join_requests_user_idx on join_requests (user_id, status)
  `.execute(db);
  await sql`
    create table milestones (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      title text not null check (char_length(title) between 1 and 200),
      description text not null default '',
      target_date timestamptz not null,
      status text not null default 'Planned' check (status in ('Planned', 'Active', 'Completed')),
      order_index integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create index milestones_project_idx on milestones (project_id, status, order_index)
  `.execute(db);
  await sql`
    create table tasks (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      milestone_id uuid references milestones (id) on delete set null,
      title text not null check (char_length(title) between 1 and 200),
      description text not null default '',
      status text not null default 'Todo' check (status in ('Todo', 'InProgress', 'Blocked', 'Done')),
      priority text not null default 'Medium' check (priority in ('Low', 'Medium', 'High', 'Critical')),
      type text not null default 'Feature',
      due_at timestamptz,
      assignee_id uuid references users (id) on delete set null,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create index tasks_project_status_idx on tasks (project_id, status)
  `.execute(db);
  await sql`
    create index tasks_assignee_idx on tasks (assignee_id, status)
  `.execute(db);
  await sql`
    create table subtasks (
      id uuid primary key default gen_random_uuid(),
      task_id uuid not null references tasks (id) on delete cascade,
      title text not null check (char_length(btrim(title)) between 1 and 200),
      description text not null default '',
      is_done boolean not null default false,
      order_index integer not null default 0,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create index subtasks_task_idx on subtasks (task_id, is_done, order_index)
  `.execute(db);
  await sql`
    create table forum_posts (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      author_id uuid not null references users (id) on delete cascade,
      content text not null check (char_length(btrim(content)) between 1 and 5000),
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create index forum_posts_project_idx on forum_posts (project_id, created_at desc)
  `.execute(db);
  await sql`
    create table forum_replies (
      id uuid primary key default gen_random_uuid(),
      post_id uuid not null references forum_posts (id) on delete cascade,
      author_id uuid not null references users (id) on delete cascade,
      content text not null check (char_length(btrim(content)) between 1 and 5000),
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create index forum_replies_post_idx on forum_replies (post_id, created_at)
  `.execute(db);
  await sql`
    create table post_likes (
      post_id uuid not null references forum_posts (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (post_id, user_id)
    )
  `.execute(db);
  await sql`
    create table reply_likes (
      reply_id uuid not null references forum_replies (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (reply_id, user_id)
    )
  `.execute(db);
  await sql`
    create table repositories (
      project_id uuid primary key references projects (id) on delete cascade,
      url text not null,
      owner text not null,
      name text not null,
      full_name text,
      description text,
      primary_language text,
      languages text[] not null default '{}',
      stars_count integer not null default 0,
      forks_count integer not null default 0,
      open_pull_requests integer not null default 0,
      is_public boolean not null default true,
      fetched_at timestamptz,
      linked_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table sync_runs (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      status text not null default 'running' check (status in ('running', 'completed', 'failed')),
      message text,
      error text,
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )
  `.execute(db);
  await sql`
    create index sync_runs_project_idx on sync_runs (project_id, started_at desc)
  `.execute(db);
  await sql`
    create unique index sync_runs_one_running_idx on sync_runs (project_id) where status = 'running'
  `.execute(db);
  await sql`
    create table contributions (
      id uuid primary key default gen_random_uuid(),
      project_id uuid not null references projects (id) on delete cascade,
      username text not null,
      avatar_url text,
      github_url text,
      commits integer not null default 0 check (commits >= 0),
      pull_requests integer not null default 0 check (pull_requests >= 0),
      code_reviews integer not null default 0 check (code_reviews >= 0),
      lines_added integer not null default 0 check (lines_added >= 0),
      lines_deleted integer not null default 0 check (lines_deleted >= 0),
      unique (project_id, username)
    )
  `.execute(db);
  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      event_name text not null,
      title text not null,
      message text not null,
      data jsonb not null default '{}',
      read_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create index notifications_user_idx on notifications (user_id, created_at desc)
  `.execute(db);
  await sql`
    create table achievements (
      id uuid primary key default gen_random_uuid(),
      key text not null unique,
      title text not null,
      description text not null,
      goal integer not null default 1 check (goal > 0)
    )
  `.execute(db);
  await sql`
    create table user_achievements (
      user_id uuid not null references users (id) on delete cascade,
      achievement_id uuid not null references achievements (id) on delete cascade,
      progress integer not null default 0 check (progress >= 0),
      earned_at timestamptz,
      primary key (user_id, achievement_id)
    )
  `.execute(db);
  await sql`
    create table sessions (
      id text primary key,
      user_id uuid references users (id) on delete cascade,
      data jsonb not null default '{}',
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create index sessions_expires_idx on sessions (expires_at)
  `.execute(db);
  await sql`
    create index sessions_user_idx on sessions (user_id)
  `.execute(db);
}
