import { type Kysely, sql } from "kysely";

/** The achievements people can earn; progress is computed from their activity. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into achievements (key, title, description, goal) values
      ('first-project', 'First Project', 'Join or start your first project.', 1),
      ('team-player', 'Team Player', 'Be a member of three projects.', 3),
      ('task-finisher', 'Task Finisher', 'Complete ten tasks assigned to you.', 10),
      ('conversation-starter', 'Conversation Starter', 'Write five forum posts.', 5),
      ('helpful-voice', 'Helpful Voice', 'Write ten forum replies.', 10)
    on conflict (key) do nothing
  `.execute(db);
}
