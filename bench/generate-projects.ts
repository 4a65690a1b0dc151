import { type Insertable, sql } from "kysely";
import type { DB } from "#db/connection";
import type { Database, Difficulty } from "#db/schema";
import { progress } from "./progress";

/** Many plausible projects for load tests: words recombined from fixed lists, same every run. */
const SUBJECTS = [
  "Food Bank",
  "Animal Shelter",
  "Tenant Union",
  "Library",
  "Clinic",
  "School",
  "Youth Club",
  "Refugee Center",
  "Community Garden",
  "Repair Cafe",
];
const THINGS = [
  "Volunteer Scheduler",
  "Inventory Tracker",
  "Donation Portal",
  "Case Manager",
  "Event Planner",
  "Dashboard",
  "Chat Assistant",
  "Mobile App",
  "Mapping Tool",
  "Newsletter Builder",
];
const TECHNOLOGIES = [
  "React",
  "Vue.js",
  "Node.js",
  "Django",
  "Flask",
  "PostgreSQL",
  "Firebase",
  "Docker",
  "Kubernetes",
  "GraphQL",
  "Redis",
  "Flutter",
];
const LANGUAGES = ["JavaScript", "TypeScript", "Python", "Go", "Java", "Dart", "Kotlin", "Ruby"];
const DIFFICULTIES: Difficulty[] = ["Beginner", "Intermediate", "Advanced"];
const ROLES = ["Frontend Developer", "Backend Developer", "UI/UX Designer", "Data Analyst", "Mentor"];

export async function insertGeneratedProjects(db: DB, count: number): Promise<void> {
  const batchSize = 500;
  const line = progress("Generating projects", count);
  for (let start = 0; start < count; start += batchSize) {
    line.update(start);
    const projects: Insertable<Database["projects"]>[] = [];
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const subject = SUBJECTS[i % SUBJECTS.length];
      const thing = THINGS[Math.floor(i / SUBJECTS.length) % THINGS.length];
      const template = i % 4 === 0;
      projects.push({
        kind: template ? "template" : "project",
        status: template ? null : "InProgress",
        name: `${subject} ${thing} #${i + 1}`,
        tagline: `A ${thing.toLowerCase()} for a ${subject.toLowerCase()}.`,
        description: `Generated project ${i + 1}: the ${subject.toLowerCase()} needs a ${thing.toLowerCase()} so that volunteers and staff spend less time on paperwork and more time with people.`,
        technologies: [TECHNOLOGIES[i % TECHNOLOGIES.length], TECHNOLOGIES[(i * 7 + 3) % TECHNOLOGIES.length]],
        programming_languages: [LANGUAGES[i % LANGUAGES.length]],
        difficulty: DIFFICULTIES[i % DIFFICULTIES.length],
        duration_days: 14 + (i % 170),
        goals: [`Ship the first ${thing.toLowerCase()} screen`, "Test with three volunteers"],
        created_at: new Date(Date.now() - (i % 365) * 86_400_000 - i * 1000),
      });
    }
    await db.transaction().execute(async (trx) => {
      const ids = await trx.insertInto("projects").values(projects).returning("id").execute();
      await trx
        .insertInto("project_roles")
        .values(
          ids.flatMap(({ id }, index) => [
            { project_id: id, name: ROLES[index % ROLES.length], open_positions: index % 3 },
            { project_id: id, name: ROLES[(index + 2) % ROLES.length], open_positions: 1 },
          ]),
        )
        .execute();
    });
  }
  line.update(count);
  line.finish();
}

const TASK_STATUSES = ["Todo", "InProgress", "Blocked", "Done"] as const;
const TASK_PRIORITIES = ["Low", "Medium", "High", "Critical"] as const;

/**
 * A busy project for the work page: `tasks` tasks (every other one the admin's, some with
 * subtasks) over `milestones` milestones, with `userId` as its admin. Returns its id.
 */
export async function insertWorkProject(
  db: DB,
  options: { userId: string; tasks: number; milestones: number; name?: string },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const project = await trx
      .insertInto("projects")
      .values({
        kind: "project",
        status: "InProgress",
        name: options.name ?? `Busy project (${options.tasks} tasks)`,
        description: "A project with a long backlog, for load tests of the work page.",
        duration_days: 180,
        start_date: new Date().toISOString().slice(0, 10),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("project_members")
      .values({ project_id: project.id, user_id: options.userId, role_in_project: "Project Owner", is_admin: true })
      .execute();
    const milestones = options.milestones
      ? await trx
          .insertInto("milestones")
          .values(
            Array.from({ length: options.milestones }, (_, i) => ({
              project_id: project.id,
              title: `Milestone ${i + 1}`,
              description: `Everything planned for step ${i + 1}.`,
              target_date: new Date(Date.now() + (i + 1) * 7 * 86_400_000),
              status: (["Planned", "Active", "Completed"] as const)[i % 3],
              order_index: i,
            })),
          )
          .returning("id")
          .execute()
      : [];
    for (let start = 0; start < options.tasks; start += 500) {
      const tasks = await trx
        .insertInto("tasks")
        .values(
          Array.from({ length: Math.min(500, options.tasks - start) }, (_, offset) => {
            const i = start + offset;
            return {
              project_id: project.id,
              title: `Task ${i + 1}: ${THINGS[i % THINGS.length]} for the ${SUBJECTS[i % SUBJECTS.length]}`,
              description: `Step ${i + 1} of the plan. Keep notes in the forum and link the pull request here.`,
              status: TASK_STATUSES[i % TASK_STATUSES.length],
              priority: TASK_PRIORITIES[(i * 7) % TASK_PRIORITIES.length],
              type: "Feature",
              due_at: i % 5 === 0 ? null : new Date(Date.now() + (i % 90) * 86_400_000),
              milestone_id: milestones.length ? milestones[i % milestones.length]!.id : null,
              assignee_id: i % 2 === 0 ? options.userId : null,
              created_by: options.userId,
            };
          }),
        )
        .returning("id")
        .execute();
      const subtasks = tasks.flatMap(({ id }, offset) =>
        Array.from({ length: (start + offset) % 4 }, (_, s) => ({
          task_id: id,
          title: `Checklist item ${s + 1}`,
          is_done: s === 0,
          order_index: s + 1,
        })),
      );
      if (subtasks.length) await trx.insertInto("subtasks").values(subtasks).execute();
    }
    return project.id;
  });
}

/**
 * The crowd of issue 17's load test: `users` generated people (gainers with finished profiles),
 * three of them in each generated project (the first its admin), and `tasks` tasks spread over
 * those projects round-robin, each assigned to one of the project's members. Set-based inserts:
 * 100,000 tasks take seconds, not minutes.
 */
export async function insertGeneratedPeopleAndTasks(db: DB, options: { users: number; tasks: number }): Promise<void> {
  if (options.users < 3) throw new Error("At least three generated people: each project gets three members.");
  const line = progress("Generating people and tasks", 3);
  await db.transaction().execute(async (trx) => {
    line.update(0, `${options.users} people`);
    await sql`
      insert into users (external_id, email, full_name, role, profile_completed)
      select 'bench|' || g, 'bench.person.' || g || '@example.org', 'Bench Person ' || g, 'gainer', true
      from generate_series(0, ${options.users - 1}::int) g
    `.execute(trx);
    // Generated projects and people, each numbered from 0 in a fixed order.
    const numbered = sql`
      p as (
        select id, (row_number() over (order by created_at, id))::int - 1 as n from projects
        where kind = 'project' and description like 'Generated project %'
      ),
      u as (
        select id, split_part(external_id, '|', 2)::int as n from users where external_id like 'bench|%'
      )`;
    line.update(1, "their memberships");
    await sql`
      with ${numbered}
      insert into project_members (project_id, user_id, role_in_project, is_admin)
      select p.id, u.id, case when k = 0 then 'Project Owner' else 'Developer' end, k = 0
      from p cross join generate_series(0, 2) k join u on u.n = (p.n * 3 + k) % ${options.users}::int
    `.execute(trx);
    line.update(2, `${options.tasks} tasks`);
    await sql`
      with ${numbered}, projects_count as (select count(*)::int as total from p)
      insert into tasks (project_id, title, description, status, priority, type, assignee_id, created_by)
      select p.id, 'Generated task ' || g, 'Step ' || g || ' of a generated plan.',
        (array['Todo', 'InProgress', 'Blocked', 'Done'])[g % 4 + 1],
        (array['Low', 'Medium', 'High', 'Critical'])[(g * 7) % 4 + 1],
        'Feature', u.id, u.id
      from generate_series(0, ${options.tasks - 1}::int) g
      cross join projects_count
      join p on p.n = g % projects_count.total
      join u on u.n = (p.n * 3 + g % 3) % ${options.users}::int
    `.execute(trx);
  });
  line.update(3, "done");
  line.finish();
}

/**
 * Gives a task `comments` comments and `events` history entries by `userId`, as a long-running
 * discussion would (the task page must cost the same with 10 as with thousands).
 */
export async function insertTaskDiscussion(
  db: DB,
  options: { taskId: string; userId: string; comments: number; events: number },
): Promise<void> {
  const { taskId, userId } = options;
  const started = Date.now() - options.events * 60_000;
  for (let start = 0; start < options.comments; start += 500) {
    await db
      .insertInto("task_comments")
      .values(
        Array.from({ length: Math.min(500, options.comments - start) }, (_, offset) => ({
          task_id: taskId,
          author_id: userId,
          content: `Comment ${start + offset + 1}: checked the branch, see the pull request for the details.`,
          created_at: new Date(started + (start + offset) * 60_000),
        })),
      )
      .execute();
  }
  for (let start = 0; start < options.events; start += 500) {
    await db
      .insertInto("task_events")
      .values(
        Array.from({ length: Math.min(500, options.events - start) }, (_, offset) => ({
          task_id: taskId,
          actor_id: userId,
          kind: "comment_added",
          created_at: new Date(started + (start + offset) * 60_000),
        })),
      )
      .execute();
  }
}
