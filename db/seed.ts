import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import type { DB } from "./connection";
import type { Database, Difficulty, TaskPriority, TaskStatus } from "./schema";
import { buildDemoReviews } from "./seed-reviews";
import { demoPeople, type DemoPerson } from "./seed-data/people";
import demoProjects from "./seed-data/projects.json";

/**
 * Demo data: the people in seed-data/people.ts and the projects and templates in
 * seed-data/projects.json, with teams, milestones, tasks and forum activity made up from each
 * project's own goals, and a few tasks in mentor review (seed-reviews.ts). Ids derive from
 * stable keys and every insert skips existing rows, so seeding twice changes nothing.
 */

export interface SeedResult {
  seeded: boolean;
  projects: number;
}

/** A project or template record as seed-data/projects.json (and the search-eval corpus) spell it. */
export interface DemoProject {
  key: string;
  kind: "active" | "template";
  name: string;
  tagline: string;
  description: string;
  technologies: string[];
  programmingLanguages: string[];
  difficulty: Difficulty;
  durationDays: number;
  goals: string[];
  roles: { name: string; openPositions: number }[];
}

type Rows<Table extends keyof Database> = Insertable<Database[Table]>[];

/** A UUID that is always the same for the same name (shaped like a version 5 UUID). */
export function demoId(name: string): string {
  const hex = createHash("sha1").update(`gainers-hub-demo:${name}`).digest("hex");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Small deterministic random numbers, so every seed makes the same data. */
function randomFor(key: string) {
  let state = parseInt(createHash("sha1").update(key).digest("hex").slice(0, 8), 16);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <Item>(items: readonly Item[]): Item => items[Math.floor(next() * items.length)],
  };
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const gainers = demoPeople.filter((person) => person.role === "gainer");
const mentors = demoPeople.filter((person) => person.role === "mentor");
const nonprofits = demoPeople.filter((person) => person.role === "nonprofit");

const POST_OPENERS = [
  "Welcome, everyone! Please introduce yourselves and say which goal you would like to pick up first.",
  "I pushed a first sketch of the data model. Feedback welcome before we build on it.",
  "Question for the team: should we aim for an offline-first version from the start? Many of our users are on slow connections.",
  "Reminder: the next milestone review is on Friday. Please update your task status before then.",
  "Found a great accessibility checklist we could follow. Adding it to the wiki.",
];
const REPLIES = [
  "Sounds good to me, I can take a look tonight.",
  "Thanks for starting this! I'd like to help with the first goal.",
  "Agreed. Let's keep it simple for the first version.",
  "I left a few comments, mostly small naming things.",
  "+1, happy to pair on this if anyone wants.",
];
const TASK_STEPS = ["Plan", "Build", "Test"] as const;
const TASK_TYPES = ["Feature", "Design", "Research", "Bug", "Documentation"] as const;
const PRIORITIES: TaskPriority[] = ["Low", "Medium", "High", "Critical"];
const STATUSES: TaskStatus[] = ["Done", "Done", "InProgress", "Todo", "Todo", "Blocked"];

/**
 * A template's plan (what a project started from it begins with): a milestone per goal, spread
 * over the template's duration, each with a design, build and test task and their checklists,
 * plus a set-up task first and a hand-over task last. Offsets are days from the project's start.
 */
export function templatePlan(record: DemoProject) {
  const templateId = demoId(`project:${record.key}`);
  const stack = record.technologies.slice(0, 3).join(", ");
  const count = record.goals.length;
  if (!count) return { milestones: [], tasks: [] };
  const offsetOf = (goalIndex: number) => Math.max(2, Math.round((record.durationDays * (goalIndex + 1)) / count));
  const milestones: Rows<"template_milestones"> = record.goals.map((goal, goalIndex) => ({
    id: demoId(`template-milestone:${record.key}:${goalIndex}`),
    template_id: templateId,
    title: goal,
    description: `Done when ${goal.toLowerCase()} works end to end, is tested and is documented.`,
    offset_days: offsetOf(goalIndex),
    order_index: goalIndex,
  }));
  const tasks: Rows<"template_tasks"> = [];
  const task = (
    title: string,
    fields: { description: string; priority: TaskPriority; type: string; due: number; milestone?: number },
    subtasks: string[],
  ) =>
    tasks.push({
      id: demoId(`template-task:${record.key}:${tasks.length}`),
      template_id: templateId,
      template_milestone_id: fields.milestone === undefined ? null : milestones[fields.milestone].id,
      title,
      description: fields.description,
      priority: fields.priority,
      type: fields.type,
      due_offset_days: fields.due,
      subtasks,
      order_index: tasks.length,
    });

  task(
    "Set up the repository and the development environment",
    {
      description: `Everyone can run ${record.name} locally before the first goal starts.`,
      priority: "High",
      type: "Chore",
      due: Math.min(3, offsetOf(0) - 1),
      milestone: 0,
    },
    [
      "Create the repository with a README and a licence",
      `Set up ${stack} and write down how to run it`,
      "Agree on branches, reviews and the definition of done",
    ],
  );
  record.goals.forEach((goal, goalIndex) => {
    const begin = goalIndex === 0 ? 1 : offsetOf(goalIndex - 1);
    const end = offsetOf(goalIndex);
    const lower = goal.toLowerCase();
    task(
      `Design: ${goal}`,
      {
        description: `Decide what "${lower}" means for the people who will use it, before building it.`,
        priority: goalIndex === 0 ? "High" : "Medium",
        type: "Design",
        due: Math.min(end, begin + Math.max(1, Math.round((end - begin) / 4))),
        milestone: goalIndex,
      },
      [
        `Write down who needs ${lower} and what they must be able to do`,
        "Sketch the screens or the API and share them in the forum",
        "Review the sketch with a mentor",
      ],
    );
    task(
      `Build: ${goal}`,
      {
        description: `Implement ${lower} in small pull requests, each reviewed by someone else.`,
        priority: goalIndex === 0 ? "Critical" : "High",
        type: "Feature",
        due: Math.max(begin, end - 2),
        milestone: goalIndex,
      },
      ["Split the work into small pull requests", `Implement ${lower}`, "Handle empty, error and slow-network states"],
    );
    task(
      `Test: ${goal}`,
      {
        description: `Show that ${lower} works, on a small phone and with a keyboard too.`,
        priority: "Medium",
        type: "Chore",
        due: end,
        milestone: goalIndex,
      },
      [
        "Write automated tests for the main paths",
        "Try it on a phone and with the keyboard only",
        "Fix what you found",
      ],
    );
  });
  task(
    "Write the hand-over guide",
    {
      description: "What the organisation needs to run, change and pay for the project after the team leaves.",
      priority: "Medium",
      type: "Documentation",
      due: offsetOf(count - 1),
      milestone: count - 1,
    },
    ["How to deploy and what it costs", "How to change the content", "Who to ask when something breaks"],
  );
  return { milestones, tasks };
}
const DEMO_REPOSITORIES = 6;

export function buildDemoData(now = new Date(), projects: DemoProject[] = demoProjects as DemoProject[]) {
  const rows = {
    users: [] as Rows<"users">,
    gainer_profiles: [] as Rows<"gainer_profiles">,
    mentor_profiles: [] as Rows<"mentor_profiles">,
    nonprofit_profiles: [] as Rows<"nonprofit_profiles">,
    projects: [] as Rows<"projects">,
    template_milestones: [] as Rows<"template_milestones">,
    template_tasks: [] as Rows<"template_tasks">,
    project_roles: [] as Rows<"project_roles">,
    project_members: [] as Rows<"project_members">,
    milestones: [] as Rows<"milestones">,
    tasks: [] as Rows<"tasks">,
    subtasks: [] as Rows<"subtasks">,
    forum_posts: [] as Rows<"forum_posts">,
    forum_replies: [] as Rows<"forum_replies">,
    post_likes: [] as Rows<"post_likes">,
    repositories: [] as Rows<"repositories">,
  };
  const userId = (person: DemoPerson) => demoId(`user:${person.key}`);

  for (const person of demoPeople) {
    rows.users.push({
      id: userId(person),
      external_id: `demo:${person.key}`,
      email: person.email,
      full_name: person.fullName,
      role: person.role,
      profile_completed: true,
    });
    if (person.role === "gainer") {
      rows.gainer_profiles.push({
        user_id: userId(person),
        full_name: person.fullName,
        biography: person.biography,
        current_position: person.headline,
        years_of_experience: person.yearsOfExperience,
        education_status: person.yearsOfExperience > 0 ? "Bootcamp" : "Bachelor's Degree",
        areas_of_interest: person.interests,
        programming_languages: person.languages,
        technologies: person.technologies,
        tools: ["Git", "GitHub", "VS Code"],
        github_url: `https://github.com/demo-${person.key}`,
        linkedin_url: null,
        profile_picture_url: null,
        facebook_page_url: null,
      });
    } else if (person.role === "mentor") {
      rows.mentor_profiles.push({
        user_id: userId(person),
        full_name: person.fullName,
        biography: person.biography,
        current_position: person.headline,
        years_of_experience: person.yearsOfExperience,
        availability: "2 hours a week",
        expertise: person.interests,
        programming_languages: person.languages,
        technologies: person.technologies,
        linkedin_url: `https://www.linkedin.com/in/demo-${person.key}`,
        github_url: null,
        website_url: null,
        profile_picture_url: null,
      });
    } else {
      rows.nonprofit_profiles.push({
        user_id: userId(person),
        organization_name: person.fullName,
        mission: person.biography,
        contact_name: person.fullName,
        contact_email: person.email,
        areas_of_need: person.interests,
        website_url: null,
        profile_picture_url: null,
      });
    }
  }

  projects.forEach((record, index) => {
    const projectId = demoId(`project:${record.key}`);
    const random = randomFor(record.key);
    const createdAt = new Date(now.getTime() - (index % 120) * DAY - index * 60_000);
    const isTemplate = record.kind === "template";
    rows.projects.push({
      id: projectId,
      kind: isTemplate ? "template" : "project",
      status: isTemplate ? null : "InProgress",
      name: record.name,
      tagline: record.tagline,
      description: record.description,
      difficulty: record.difficulty,
      duration_days: record.durationDays,
      technologies: record.technologies,
      programming_languages: record.programmingLanguages,
      goals: record.goals,
      start_date: isTemplate ? null : createdAt.toISOString().slice(0, 10),
      created_at: createdAt,
      updated_at: createdAt,
    });
    for (const role of record.roles) {
      rows.project_roles.push({
        id: demoId(`role:${record.key}:${role.name}`),
        project_id: projectId,
        name: role.name,
        open_positions: role.openPositions,
      });
    }
    if (isTemplate) {
      const plan = templatePlan(record);
      rows.template_milestones.push(...plan.milestones);
      rows.template_tasks.push(...plan.tasks);
      return;
    }

    // The first few running projects have a repository (synced by the job queue at start; see
    // README, "GitHub", for the loopback GitHub that serves them in development).
    if (rows.repositories.length < DEMO_REPOSITORIES) {
      const slug = record.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      const repository = { owner: "gainers-hub-demo", name: slug };
      const url = `https://github.com/${repository.owner}/${repository.name}`;
      rows.repositories.push({ project_id: projectId, url, ...repository, linked_at: createdAt });
      rows.projects[rows.projects.length - 1]!.repository_url = url;
    }

    // A team: an owner (a nonprofit or a mentor) and one to three others.
    const owner = index % 3 === 0 ? random.pick(mentors) : random.pick(nonprofits);
    const team = new Map<string, DemoPerson>([[owner.key, owner]]);
    const extra = random.int(1, 3);
    for (let i = 0; i < extra; i++) {
      const person = i === 0 && owner.role !== "mentor" ? random.pick(mentors) : random.pick(gainers);
      team.set(person.key, person);
    }
    const members = [...team.values()];
    // The owner started it: "owned" and Project Founder count it for them (issue 33).
    rows.projects[rows.projects.length - 1]!.created_by = userId(owner);
    // A gainer takes one of the project's learner roles, never its mentor seat.
    const gainerRoleIn = (roles: { name: string }[]) => {
      const learnerRoles = roles.filter((role) => !/mentor/i.test(role.name));
      return random.pick(learnerRoles.length ? learnerRoles : [{ name: "Contributor" }]).name;
    };
    members.forEach((person, position) => {
      rows.project_members.push({
        id: demoId(`member:${record.key}:${person.key}`),
        project_id: projectId,
        user_id: userId(person),
        role_in_project:
          position === 0 ? "Project Owner" : person.role === "mentor" ? "Mentor" : gainerRoleIn(record.roles),
        is_admin: position === 0,
        joined_at: new Date(createdAt.getTime() + position * DAY),
      });
    });

    // One milestone per goal, each with a few tasks.
    record.goals.forEach((goal, goalIndex) => {
      const milestoneId = demoId(`milestone:${record.key}:${goalIndex}`);
      const status = goalIndex === 0 ? "Completed" : goalIndex === 1 ? "Active" : "Planned";
      rows.milestones.push({
        id: milestoneId,
        project_id: projectId,
        title: goal,
        description: `Done when: ${goal.toLowerCase()}.`,
        target_date: new Date(now.getTime() + (goalIndex * 21 - 7) * DAY),
        status,
        order_index: goalIndex,
      });
      TASK_STEPS.forEach((step, stepIndex) => {
        const taskId = demoId(`task:${record.key}:${goalIndex}:${stepIndex}`);
        const taskStatus: TaskStatus = status === "Completed" ? "Done" : random.pick(STATUSES);
        rows.tasks.push({
          id: taskId,
          project_id: projectId,
          milestone_id: milestoneId,
          title: `${step}: ${goal}`,
          description: `${step} the work for "${goal}". Keep notes in the forum and link any pull request here.`,
          status: taskStatus,
          priority: random.pick(PRIORITIES),
          type: random.pick(TASK_TYPES),
          due_at: new Date(now.getTime() + (goalIndex * 21 + stepIndex * 5) * DAY),
          assignee_id: userId(random.pick(members)),
          created_by: userId(owner),
          created_at: new Date(createdAt.getTime() + (goalIndex * 3 + stepIndex) * 3_600_000),
          // Its last change (a Done task's completion) spread over the project's life, never in
          // the future, so the summary's weekly activity is not one spike on seeding day.
          updated_at: new Date(
            Math.min(now.getTime() - HOUR, createdAt.getTime() + (goalIndex * 7 + stepIndex + 1) * DAY),
          ),
        });
        const subtaskCount = random.int(0, 3);
        for (let s = 0; s < subtaskCount; s++) {
          rows.subtasks.push({
            id: demoId(`subtask:${record.key}:${goalIndex}:${stepIndex}:${s}`),
            task_id: taskId,
            title: ["Write down the acceptance criteria", "Open a draft pull request", "Ask for a review"][s],
            is_done: taskStatus === "Done" || s < random.int(0, 1),
            order_index: s + 1,
          });
        }
      });
    });

    // A little forum life.
    const postCount = random.int(1, 3);
    for (let p = 0; p < postCount; p++) {
      const postId = demoId(`post:${record.key}:${p}`);
      const author = p === 0 ? owner : random.pick(members);
      const postedAt = new Date(createdAt.getTime() + (p + 1) * DAY);
      rows.forum_posts.push({
        id: postId,
        project_id: projectId,
        author_id: userId(author),
        content: p === 0 ? POST_OPENERS[0] : random.pick(POST_OPENERS.slice(1)),
        created_at: postedAt,
      });
      const replyCount = random.int(0, 2);
      for (let r = 0; r < replyCount; r++) {
        rows.forum_replies.push({
          id: demoId(`reply:${record.key}:${p}:${r}`),
          post_id: postId,
          author_id: userId(random.pick(members)),
          content: random.pick(REPLIES),
          created_at: new Date(postedAt.getTime() + (r + 1) * 3_600_000),
        });
      }
      for (const liker of members) {
        if (liker !== author && random.int(0, 1) === 1) {
          rows.post_likes.push({ post_id: postId, user_id: userId(liker) });
        }
      }
    }
  });
  return { ...rows, ...buildDemoReviews(rows, now, demoId) };
}

const INSERT_ORDER = [
  "users",
  "gainer_profiles",
  "mentor_profiles",
  "nonprofit_profiles",
  "projects",
  "template_milestones",
  "template_tasks",
  "repositories",
  "project_roles",
  "project_members",
  "milestones",
  "tasks",
  "subtasks",
  "forum_posts",
  "forum_replies",
  "post_likes",
  "task_reviews",
  "task_comments",
  "task_events",
] as const;

const BATCH = 200;

/**
 * Seeds the demo people with the given project records (default: seed-data/projects.json),
 * Search vectors are the caller's (app/search/project-vectors.server.ts: `embedMissingProjects`).
 */
export async function seedDemoData(db: DB, projects?: DemoProject[]): Promise<SeedResult> {
  const data = buildDemoData(new Date(), projects);
  const [alreadySeeded, planSeeded] = await Promise.all([
    db.selectFrom("projects").select("id").where("id", "=", data.projects[0].id!).executeTakeFirst(),
    db.selectFrom("template_milestones").select("id").limit(1).executeTakeFirst(),
  ]);
  // A database seeded before templates carried plans gets just the plans.
  const tables = !alreadySeeded ? INSERT_ORDER : planSeeded ? [] : (["template_milestones", "template_tasks"] as const);
  if (tables.length) {
    await db.transaction().execute(async (trx) => {
      for (const table of tables) {
        const tableRows = data[table] as Rows<typeof table>;
        for (let start = 0; start < tableRows.length; start += BATCH) {
          await trx
            .insertInto(table)
            .values(tableRows.slice(start, start + BATCH) as never)
            .onConflict((conflict) => conflict.doNothing())
            .execute();
        }
      }
    });
  }
  return { seeded: !alreadySeeded, projects: data.projects.length };
}
