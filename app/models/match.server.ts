import { db } from "~/db.server";
import { listOpenProjects, type ProjectSummary, searchProjects } from "./project.server";

/**
 * Projects that fit a person: their profile's languages, technologies and interests as a search.
 * Falls back to the newest open projects when the profile says nothing or nothing matches.
 */
export async function matchProjectsForUser(userId: string, count: number): Promise<ProjectSummary[]> {
  const profile = await db
    .selectFrom("users as u")
    .leftJoin("gainer_profiles as g", "g.user_id", "u.id")
    .leftJoin("mentor_profiles as m", "m.user_id", "u.id")
    .leftJoin("nonprofit_profiles as n", "n.user_id", "u.id")
    .select([
      "g.programming_languages",
      "g.technologies",
      "g.areas_of_interest",
      "m.expertise",
      "m.technologies as mentor_technologies",
      "n.areas_of_need",
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  const keywords = [
    ...(profile?.programming_languages ?? []),
    ...(profile?.technologies ?? []),
    ...(profile?.areas_of_interest ?? []),
    ...(profile?.expertise ?? []),
    ...(profile?.mentor_technologies ?? []),
    ...(profile?.areas_of_need ?? []),
  ];
  if (keywords.length > 0) {
    const matched = (await searchProjects(keywords.join(" "), count * 2)).filter(
      (project) => project.kind === "project",
    );
    if (matched.length > 0) return matched.slice(0, count);
  }
  return (await listOpenProjects({}, { page: 1, pageSize: count, withTotal: false })).items;
}
