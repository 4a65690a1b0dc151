import { sql } from "kysely";
import type { Difficulty } from "#db/schema";
import { db, keepPlan } from "~/db.server";
import { describeMatch, LOOSE_MATCH } from "~/search/match-text";
import { findProjects, listOpenProjects, type ProjectSummary } from "./project.server";

/** A project picked for a person, with the reason the card shows ('Matches your React and Node.js'). */
export interface MatchedProject extends ProjectSummary {
  matchReason: string;
}

interface Profile {
  skills: string[];
  interests: string[];
  yearsOfExperience: number | null;
}

async function loadProfile(userId: string): Promise<Profile> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("gainer_profiles as g", "g.user_id", "u.id")
    .leftJoin("mentor_profiles as m", "m.user_id", "u.id")
    .leftJoin("nonprofit_profiles as n", "n.user_id", "u.id")
    .select([
      "g.programming_languages",
      "g.technologies",
      "g.areas_of_interest",
      "g.years_of_experience",
      "m.expertise",
      "m.programming_languages as mentor_languages",
      "m.technologies as mentor_technologies",
      "m.years_of_experience as mentor_years",
      "n.areas_of_need",
    ])
    .where("u.id", "=", userId)
    .modifyEnd(keepPlan)
    .executeTakeFirst();
  return {
    skills: [
      ...(row?.programming_languages ?? []),
      ...(row?.technologies ?? []),
      ...(row?.mentor_languages ?? []),
      ...(row?.mentor_technologies ?? []),
    ],
    interests: [...(row?.areas_of_interest ?? []), ...(row?.expertise ?? []), ...(row?.areas_of_need ?? [])],
    yearsOfExperience: row?.years_of_experience ?? row?.mentor_years ?? null,
  };
}

/** Projects the person already belongs to or waits to join: never suggested again. */
async function projectsToSkip(userId: string): Promise<Set<string>> {
  const { rows } = await sql<{ project_id: string }>`
    select project_id from project_members where user_id = ${userId}
    union
    select project_id from join_requests where user_id = ${userId} and status = 'Pending' ${keepPlan}`.execute(db);
  return new Set(rows.map((row) => row.project_id));
}

const LEVELS: Difficulty[] = ["Beginner", "Intermediate", "Advanced"];
const levelFor = (years: number) => (years < 1 ? 0 : years < 4 ? 1 : 2);

/** 1 when the project's difficulty fits the experience, less the further it is from it. */
function difficultyFit(difficulty: Difficulty | null, years: number | null): number {
  if (difficulty === null || years === null) return 0.5;
  return 1 - Math.abs(LEVELS.indexOf(difficulty) - levelFor(years)) / 2;
}

const listNames = (names: string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/**
 * Running projects that fit a person: their languages and technologies (shared skills count
 * most), their interests through the hybrid search, and their experience against each project's
 * difficulty. Never a project they belong to or have asked to join. Falls back to the newest
 * open projects when the profile says nothing or nothing matches.
 */
export async function matchProjectsForUser(userId: string, count: number): Promise<MatchedProject[]> {
  const [profile, skip] = await Promise.all([loadProfile(userId), projectsToSkip(userId)]);
  const keywords = [...profile.skills, ...profile.interests];
  const candidates =
    keywords.length > 0
      ? (await findProjects(keywords.join(" "), 50, { keywords: true })).filter(
          (project) => project.kind === "project" && !skip.has(project.projectId),
        )
      : [];
  const skills = new Map(profile.skills.map((skill) => [skill.toLowerCase(), skill]));
  const scored = candidates.map((project, rank) => {
    const shared = [...project.programmingLanguages, ...project.technologies].filter((name) =>
      skills.has(name.toLowerCase()),
    );
    const score = shared.length + 2 / (rank + 2) + difficultyFit(project.difficultyLevel, profile.yearsOfExperience);
    // Shared skills say it best; otherwise the words of the profile it matched, as a search card says them.
    const words = describeMatch(project.reasons);
    const matchReason = shared.length
      ? `Matches your ${listNames(shared.slice(0, 3))}`
      : words && words !== LOOSE_MATCH
        ? words
        : `Matches your interest in ${listNames(profile.interests.slice(0, 2)) || listNames(profile.skills.slice(0, 2))}`;
    const { reasons: _reasons, ...summary } = project;
    return { project: { ...summary, matchReason }, score };
  });
  const matched = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((entry) => entry.project);
  if (matched.length > 0) return matched;
  const open = await listOpenProjects({}, { page: 1, pageSize: count + skip.size, withTotal: false });
  return open.items
    .filter((project) => !skip.has(project.projectId))
    .slice(0, count)
    .map((project) => ({ ...project, matchReason: "Open for joining" }));
}
