import { expressionBuilder, type RawBuilder, sql } from "kysely";
import { type DB, keepPlan } from "#db/connection";
import type { Database } from "#db/schema";
import { addNotifications } from "./notification.server";
import { type ActivityCounts, activityCountsQuery } from "./activity-counts.server";

/**
 * The achievements catalogue: what each one measures and its goal. The rows of the
 * `achievements` table (migrations 0002 and 0016) carry the same keys, so `user_achievements`
 * can refer to them. An achievement is earned by the event that reaches its goal, in that
 * event's transaction (awardAchievements), which also tells the person.
 */
interface CatalogueEntry {
  key: string;
  title: string;
  description: string;
  goal: number;
  measure: AchievementMeasure;
}

/** The counts the achievements measure: all that is read where only achievements are worked out. */
const ACHIEVEMENT_MEASURES = [
  "totalProjects",
  "foundedProjects",
  "completedProjects",
  "completedTasks",
  "posts",
  "replies",
  "likesReceived",
  "repositoriesLinkedAsAdmin",
  "joinDecisions",
  "commits",
  "codeReviews",
] as const satisfies readonly (keyof ActivityCounts)[];

type AchievementMeasure = (typeof ACHIEVEMENT_MEASURES)[number];
export type AchievementCounts = Pick<ActivityCounts, AchievementMeasure>;

export const ACHIEVEMENTS: readonly CatalogueEntry[] = [
  {
    key: "first-project",
    title: "First Project",
    description: "Join or start your first project.",
    goal: 1,
    measure: "totalProjects",
  },
  {
    key: "project-founder",
    title: "Project Founder",
    description: "Start a project of your own.",
    goal: 1,
    measure: "foundedProjects",
  },
  {
    key: "first-task",
    title: "First Task Done",
    description: "Complete a task assigned to you.",
    goal: 1,
    measure: "completedTasks",
  },
  { key: "first-post", title: "First Post", description: "Write your first forum post.", goal: 1, measure: "posts" },
  {
    key: "first-like",
    title: "Appreciated",
    description: "Receive your first like on a post or reply.",
    goal: 1,
    measure: "likesReceived",
  },
  {
    key: "first-repository",
    title: "Connected",
    description: "Link a GitHub repository to a project you run.",
    goal: 1,
    measure: "repositoriesLinkedAsAdmin",
  },
  {
    key: "first-decision",
    title: "Gatekeeper",
    description: "Answer a join request for a project you run.",
    goal: 1,
    measure: "joinDecisions",
  },
  {
    key: "first-commit",
    title: "First Commit",
    description: "Have a commit in a linked repository.",
    goal: 1,
    measure: "commits",
  },
  {
    key: "first-review",
    title: "First Review",
    description: "Review a pull request in a linked repository.",
    goal: 1,
    measure: "codeReviews",
  },
  {
    key: "project-completed",
    title: "Finish Line",
    description: "Be part of a completed project.",
    goal: 1,
    measure: "completedProjects",
  },
  {
    key: "team-player",
    title: "Team Player",
    description: "Be a member of three projects.",
    goal: 3,
    measure: "totalProjects",
  },
  {
    key: "conversation-starter",
    title: "Conversation Starter",
    description: "Write five forum posts.",
    goal: 5,
    measure: "posts",
  },
  {
    key: "task-finisher",
    title: "Task Finisher",
    description: "Complete ten tasks assigned to you.",
    goal: 10,
    measure: "completedTasks",
  },
  {
    key: "helpful-voice",
    title: "Helpful Voice",
    description: "Write ten forum replies.",
    goal: 10,
    measure: "replies",
  },
  {
    key: "ten-likes",
    title: "Crowd Favourite",
    description: "Receive ten likes on your posts and replies.",
    goal: 10,
    measure: "likesReceived",
  },
];

export interface AchievementStatus {
  key: string;
  title: string;
  description: string;
  earned: boolean;
  earnedAt: string | null;
  progressPercentage: number;
}

function progressOf(entry: CatalogueEntry, counts: AchievementCounts): number {
  return Math.min(100, Math.floor((counts[entry.measure] / entry.goal) * 100));
}

/** Every achievement with its state: earned once awarded (kept even if a count drops later). */
export function achievementStatuses(counts: AchievementCounts, earned: ReadonlyMap<string, Date>): AchievementStatus[] {
  return ACHIEVEMENTS.map((entry) => {
    const earnedAt = earned.get(entry.key) ?? null;
    const progress = progressOf(entry, counts);
    return {
      key: entry.key,
      title: entry.title,
      description: entry.description,
      // Reaching the goal before this catalogue existed counts too; the next event records it.
      earned: earnedAt !== null || progress >= 100,
      earnedAt: earnedAt?.toISOString() ?? null,
      progressPercentage: earnedAt ? 100 : progress,
    };
  });
}

/** The achievements a person was awarded, with when: read alone or within a larger statement. */
function awardedTo(userId: string) {
  return expressionBuilder<Database, never>()
    .selectFrom("user_achievements as ua")
    .innerJoin("achievements as a", "a.id", "ua.achievement_id")
    .select(["a.key", "ua.earned_at"])
    .where("ua.user_id", "=", userId)
    .where("ua.earned_at", "is not", null);
}

/** The achievements a person was awarded, by key. */
export async function readEarned(executor: DB, userId: string): Promise<Map<string, Date>> {
  const rows = await executor.selectFrom(awardedTo(userId).as("awarded")).selectAll().execute();
  return new Map(rows.map((row) => [row.key, row.earned_at!]));
}

/** The counts the achievements are measured by, as a query to run or to embed. */
export function achievementCountsQuery(userId: string): RawBuilder<AchievementCounts> {
  return activityCountsQuery(userId, ACHIEVEMENT_MEASURES);
}

/** The counts the achievements are measured by. */
export async function readAchievementCounts(executor: DB, userId: string): Promise<AchievementCounts> {
  const { rows } = await sql<AchievementCounts>`${achievementCountsQuery(userId)} ${keepPlan}`.execute(executor);
  return rows[0]!;
}

/**
 * The counts and every achievement recorded for the person (earned or not), in one statement:
 * every write runs this inside its transaction, which holds the embedded database's one session
 * until it commits, so each round trip fewer is a wait fewer for everybody else.
 */
async function readCountsAndRecords(trx: DB, userId: string) {
  const { rows } = await sql<{ counts: AchievementCounts; known: { key: string; earned: boolean }[] }>`
    select to_json(c) as counts, coalesce((
      select json_agg(json_build_object('key', a.key, 'earned', ua.earned_at is not null))
      from user_achievements ua join achievements a on a.id = ua.achievement_id
      where ua.user_id = ${userId}
    ), '[]') as known
    from (${achievementCountsQuery(userId)}) as c ${keepPlan}`.execute(trx);
  return rows[0]!;
}

/** What a person's achievements are worked out from, as JSON: their counts and when each awarded one was. */
export interface AchievementFacts {
  counts: AchievementCounts;
  earned: Record<string, string>;
}

/** A person's achievement facts as one JSON value, so a page can read them within its own statement. */
export function achievementFactsJson(userId: string): RawBuilder<AchievementFacts> {
  return sql<AchievementFacts>`json_build_object(
    'counts', (select to_json(c) from (${achievementCountsQuery(userId)}) as c),
    'earned', (select coalesce(json_object_agg(awarded.key, awarded.earned_at), '{}'::json)
      from ${awardedTo(userId)} as awarded)
  )`;
}

/** The achievements with their state, from the facts read. */
export function achievementsFromFacts(facts: AchievementFacts): AchievementStatus[] {
  const earned = new Map(Object.entries(facts.earned).map(([key, at]) => [key, new Date(at)]));
  return achievementStatuses(facts.counts, earned);
}

/** A person's achievements (user-wide), in one statement. */
export async function listAchievements(executor: DB, userId: string): Promise<AchievementStatus[]> {
  const { facts } = await executor.selectNoFrom(achievementFactsJson(userId).as("facts")).executeTakeFirstOrThrow();
  return achievementsFromFacts(facts);
}

/** Several achievements earned together: "A", "B" and "C". */
function titleList(titles: string[]): string {
  const quoted = titles.map((title) => `"${title}"`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}` : (quoted[0] ?? "");
}

/**
 * Called by every event that can move a count, inside its transaction: records the achievements
 * whose goal the person has now reached and tells them in one notification, however many there
 * are. The first time a person's achievements are evaluated (someone whose activity predates
 * them, such as the demo people) everything is recorded silently: that is their past, not news,
 * and it would bury what is (issue 33). `startAchievements` evaluates a new person at sign-up,
 * so their own first steps are news. With `silent`, a back-fill records without telling.
 */
export async function awardAchievements(
  trx: DB,
  userId: string,
  { silent = false }: { silent?: boolean } = {},
): Promise<string[]> {
  const { counts, known } = await readCountsAndRecords(trx, userId);
  const firstEvaluation = known.length === 0;
  const earnedBefore = new Set(known.filter((row) => row.earned).map((row) => row.key));
  const now = new Date();
  // One row per achievement once evaluated: the earned ones dated, the others with their progress.
  const rows = ACHIEVEMENTS.filter((entry) => !earnedBefore.has(entry.key)).map((entry) => ({
    key: entry.key,
    progress: Math.min(entry.goal, counts[entry.measure]),
    earned: progressOf(entry, counts) >= 100,
  }));
  if (rows.length === 0 || (!firstEvaluation && !rows.some((row) => row.earned))) return [];
  const written = await trx
    .insertInto("user_achievements")
    .columns(["user_id", "achievement_id", "progress", "earned_at"])
    .expression((eb) =>
      eb
        .selectFrom(
          sql<{ key: string; progress: number; earned: boolean }>`(select * from jsonb_to_recordset(${JSON.stringify(
            rows,
          )}::jsonb) as r(key text, progress int, earned boolean))`.as("r"),
        )
        .innerJoin("achievements as a", "a.key", "r.key")
        .select([
          sql<string>`${userId}::uuid`.as("user_id"),
          "a.id",
          "r.progress",
          sql<Date | null>`case when r.earned then ${now}::timestamptz end`.as("earned_at"),
        ]),
    )
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "achievement_id"])
        .doUpdateSet((eb) => ({ progress: eb.ref("excluded.progress"), earned_at: eb.ref("excluded.earned_at") }))
        .where("user_achievements.earned_at", "is", null),
    )
    .returning(["achievement_id", "earned_at"])
    .execute();
  const ids = written.filter((row) => row.earned_at !== null).map((row) => row.achievement_id);
  if (ids.length === 0) return [];
  const keys = await trx.selectFrom("achievements").select("key").where("id", "in", ids).execute();
  const earnedNow = ACHIEVEMENTS.filter((entry) => keys.some((row) => row.key === entry.key));
  if (firstEvaluation || silent) return earnedNow.map((entry) => entry.key);
  const [only] = earnedNow;
  await addNotifications(trx, [
    {
      userId,
      eventName: "achievementEarned",
      title: earnedNow.length === 1 ? "Achievement earned" : "Achievements earned",
      message:
        earnedNow.length === 1 && only
          ? `You earned "${only.title}": ${only.description}`
          : `You earned ${earnedNow.length} achievements: ${titleList(earnedNow.map((entry) => entry.title))}.`,
      reason: earnedNow.length === 1 ? "you reached its goal" : "you reached their goals",
      link: "/ai-insight",
      projectId: null,
      data:
        earnedNow.length === 1 && only
          ? { achievementKey: only.key, title: only.title }
          : {
              achievementKeys: earnedNow.map((entry) => entry.key),
              titles: earnedNow.map((entry) => entry.title),
            },
    },
  ]);
  return earnedNow.map((entry) => entry.key);
}

/**
 * A new person's achievements, evaluated once at sign-up (nothing earned yet), so that the
 * achievements their first steps earn are news to them rather than a silent first evaluation.
 */
export async function startAchievements(trx: DB, userId: string): Promise<void> {
  await awardAchievements(trx, userId, { silent: true });
}
