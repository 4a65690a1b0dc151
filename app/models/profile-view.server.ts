import type { UserRole } from "#db/schema";
import { db } from "~/db.server";
import { listAchievements } from "~/models/achievement.server";
import type { CurrentUser } from "~/models/user.server";
import { NotFoundError, ValidationError } from "~/utils/errors.server";

/** A person's public page (spec section 3, Profile), for screens and the API alike. */

export const PROFILE_ROLES = ["gainer", "mentor", "nonprofit"] as const;
const BADGES: Record<UserRole, string> = { gainer: "Gainer", mentor: "Mentor", nonprofit: "Nonprofit" };

export function parseProfileRole(role: string | undefined): UserRole {
  const normalized = (role ?? "").toLowerCase();
  if ((PROFILE_ROLES as readonly string[]).includes(normalized)) return normalized as UserRole;
  throw new ValidationError(`Unknown user role: ${role ?? ""}`);
}

export interface Achievement {
  title: string;
  description: string;
  locked: boolean;
  progressPercentage: number;
}

export interface ProfileProject {
  projectId: string;
  projectName: string;
  projectDescription: string;
  projectStatus: string | null;
  roleInProject: string;
  technologies: string[];
}

export interface Profile {
  userId: string;
  role: UserRole | null;
  fullName: string;
  badge: string | null;
  subtitle: string | null;
  biography: string | null;
  profilePictureUrl: string | null;
  areasOfInterest: string[];
  facebookPageURL: string | null;
  gitHubURL: string | null;
  linkedInURL: string | null;
  websiteURL: string | null;
  /**
   * Only when the person chose to show it, or for themselves, or for the admins of a project
   * they asked to join (who need a way to reach their requesters).
   */
  email?: string;
  techExpertise: { programmingLanguages: string[]; technologies: string[]; tools: string[] };
  achievements: Achievement[];
  projects: ProfileProject[];
  /** False until the person finished onboarding: then only the name is known. */
  hasProfile: boolean;
}

export async function getProfile(
  userId: string,
  options: { role?: UserRole; viewer: CurrentUser | null },
): Promise<Profile> {
  const user = await db
    .selectFrom("users as u")
    .leftJoin("gainer_profiles as g", "g.user_id", "u.id")
    .leftJoin("mentor_profiles as m", "m.user_id", "u.id")
    .leftJoin("nonprofit_profiles as n", "n.user_id", "u.id")
    .select([
      "u.id",
      "u.role",
      "u.email",
      "u.show_email",
      "u.full_name",
      "u.profile_picture_url",
      "u.profile_completed",
      "g.biography as g_biography",
      "g.education_status",
      "g.areas_of_interest",
      "g.programming_languages as g_languages",
      "g.technologies as g_technologies",
      "g.tools",
      "g.github_url as g_github",
      "g.linkedin_url as g_linkedin",
      "g.facebook_page_url",
      "m.biography as m_biography",
      "m.current_position as m_title",
      "m.expertise",
      "m.programming_languages as m_languages",
      "m.technologies as m_technologies",
      "m.github_url as m_github",
      "m.linkedin_url as m_linkedin",
      "m.website_url as m_website",
      "n.mission",
      "n.areas_of_need",
      "n.website_url as n_website",
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!user || (options.role && user.role && user.role !== options.role)) throw new NotFoundError("Profile not found.");

  const [achievements, projects, emailVisible] = await Promise.all([
    achievementsOf(userId),
    projectsOf(userId),
    user.show_email || mayReachPerson(options.viewer, userId),
  ]);
  const role = user.role;
  return {
    userId: user.id,
    role,
    fullName: user.full_name,
    badge: role ? BADGES[role] : null,
    subtitle:
      role === "gainer"
        ? user.education_status
        : role === "mentor"
          ? user.m_title
          : role === "nonprofit"
            ? "Nonprofit organization"
            : null,
    biography: user.g_biography ?? user.m_biography ?? user.mission ?? null,
    profilePictureUrl: user.profile_picture_url,
    areasOfInterest: user.areas_of_interest ?? user.expertise ?? user.areas_of_need ?? [],
    facebookPageURL: user.facebook_page_url,
    gitHubURL: user.g_github ?? user.m_github ?? null,
    linkedInURL: user.g_linkedin ?? user.m_linkedin ?? null,
    websiteURL: user.m_website ?? user.n_website ?? null,
    ...(emailVisible ? { email: user.email } : {}),
    techExpertise: {
      programmingLanguages: user.g_languages ?? user.m_languages ?? [],
      technologies: user.g_technologies ?? user.m_technologies ?? [],
      tools: user.tools ?? [],
    },
    achievements,
    projects,
    hasProfile: user.profile_completed,
  };
}

/** The person themselves, or an admin of a project the person asked to join. */
async function mayReachPerson(viewer: CurrentUser | null, userId: string): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.userId === userId) return true;
  const row = await db
    .selectFrom("join_requests as r")
    .innerJoin("project_members as m", "m.project_id", "r.project_id")
    .select("r.id")
    .where("r.user_id", "=", userId)
    .where("m.user_id", "=", viewer.userId)
    .where("m.is_admin", "=", true)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Every achievement of the catalogue, earned or locked with its progress. */
async function achievementsOf(userId: string): Promise<Achievement[]> {
  const achievements = await listAchievements(db, userId);
  return achievements.map((achievement) => ({
    title: achievement.title,
    description: achievement.description,
    locked: !achievement.earned,
    progressPercentage: achievement.progressPercentage,
  }));
}

async function projectsOf(userId: string): Promise<ProfileProject[]> {
  const rows = await db
    .selectFrom("project_members as m")
    .innerJoin("projects as p", "p.id", "m.project_id")
    .select(["p.id", "p.name", "p.description", "p.status", "p.technologies", "m.role_in_project"])
    .where("m.user_id", "=", userId)
    .orderBy("m.joined_at", "desc")
    .execute();
  return rows.map((row) => ({
    projectId: row.id,
    projectName: row.name,
    projectDescription: row.description,
    projectStatus: row.status,
    roleInProject: row.role_in_project,
    technologies: row.technologies,
  }));
}

/** The role of a user, for /profile/{id} to find the right address. */
export async function getUserRole(userId: string): Promise<UserRole | null | undefined> {
  const row = await db.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
  return row ? row.role : undefined;
}
