import { type Kysely, sql } from "kysely";

/**
 * Smart Summary and achievements (issue 16):
 * - insight_preparations: one row per user once they asked for their summary ('Show me summary');
 *   the figures themselves are computed live from their activity.
 * - the achievements catalogue grows to the keys in app/insights/achievements.ts (their titles,
 *   descriptions and goals live there; the rows are what user_achievements refers to), and a
 *   user's earned ones are rows in user_achievements written by the events themselves.
 * One statement per call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table insight_preparations (
        user_id uuid primary key references users (id) on delete cascade,
        prepared_at timestamptz not null default now()
      )
    `,
    sql`
      insert into achievements (key, title, description, goal) values
        ('project-founder', 'Project Founder', 'Start a project of your own.', 1),
        ('first-task', 'First Task Done', 'Complete a task assigned to you.', 1),
        ('first-post', 'First Post', 'Write your first forum post.', 1),
        ('first-like', 'Appreciated', 'Receive your first like on a post or reply.', 1),
        ('ten-likes', 'Crowd Favourite', 'Receive ten likes on your posts and replies.', 10),
        ('project-completed', 'Finish Line', 'Be part of a completed project.', 1),
        ('first-repository', 'Connected', 'Link a GitHub repository to a project you run.', 1),
        ('first-review', 'First Review', 'Review a pull request in a linked repository.', 1),
        ('first-decision', 'Gatekeeper', 'Answer a join request for a project you run.', 1),
        ('first-commit', 'First Commit', 'Have a commit in a linked repository.', 1)
      on conflict (key) do nothing
    `,
    sql`create index user_achievements_earned_idx on user_achievements (user_id) where earned_at is not null`,
  ];
  for (const statement of statements) await statement.execute(db);
}
