import { type Kysely, sql } from "kysely";

/**
 * GitHub sync (issue 14): repository facts beyond 0001's columns, language shares, pull requests
 * and their reviews, sync attempts, and the ETag cache of conditional requests (a 304 costs no
 * rate limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table repositories
      add column default_branch text,
      add column html_url text
  `.execute(db);
  await sql`
    create table repository_languages (
      project_id uuid not null references repositories (project_id) on delete cascade,
      language text not null,
      bytes bigint not null check (bytes >= 0),
      primary key (project_id, language)
    )
  `.execute(db);
  await sql`
    create table pull_requests (
      project_id uuid not null references projects (id) on delete cascade,
      number integer not null check (number > 0),
      title text not null,
      state text not null check (state in ('open', 'closed', 'merged')),
      author_login text,
      html_url text,
      created_at timestamptz not null,
      updated_at timestamptz,
      merged_at timestamptz,
      closed_at timestamptz,
      primary key (project_id, number)
    )
  `.execute(db);
  await sql`
    create index pull_requests_open_idx on pull_requests (project_id) where state = 'open'
  `.execute(db);
  await sql`
    create index pull_requests_author_idx on pull_requests (project_id, lower(author_login))
  `.execute(db);
  await sql`
    create table pull_request_reviews (
      project_id uuid not null references projects (id) on delete cascade,
      id bigint not null,
      pull_number integer not null,
      reviewer_login text,
      state text not null,
      submitted_at timestamptz,
      primary key (project_id, id),
      foreign key (project_id, pull_number) references pull_requests (project_id, number) on delete cascade
    )
  `.execute(db);
  await sql`
    create index pull_request_reviews_reviewer_idx on pull_request_reviews (project_id, lower(reviewer_login))
  `.execute(db);
  await sql`
    alter table sync_runs
      add column attempts integer not null default 0 check (attempts >= 0),
      add column trigger text not null default 'manual' check (trigger in ('manual', 'scheduled'))
  `.execute(db);
  await sql`
    create table github_etags (
      url text primary key,
      etag text not null,
      link text,
      body jsonb not null,
      fetched_at timestamptz not null default now()
    )
  `.execute(db);
}
