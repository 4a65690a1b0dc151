import type { ExpressionBuilder } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Database, UserRole } from "#db/schema";
import { db, keepPlan } from "~/db.server";
import { achievementFactsJson, achievementsFromFacts } from "~/models/achievement.server";
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

/**
 * One statement: the person with their role's profile, their achievements' facts, their projects
 * and whether the viewer may see a hidden email.
 */
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
    .select((eb) => [
      eb.or([eb.ref("u.show_email"), viewerMayReach(eb, options.viewer)]).as("email_visible"),
      achievementFactsJson(userId).as("achievement_facts"),
      jsonArrayFrom(
        eb
          .selectFrom("project_members as pm")
          .innerJoin("projects as p", "p.id", "pm.project_id")
          .select(["p.id", "p.name", "p.description", "p.status", "p.technologies", "pm.role_in_project"])
          .whereRef("pm.user_id", "=", "u.id")
          .orderBy("pm.joined_at", "desc"),
      ).as("projects"),
    ])
    .where("u.id", "=", userId)
    .modifyEnd(keepPlan)
    .executeTakeFirst();
  if (!user || (options.role && user.role && user.role !== options.role)) throw new NotFoundError("Profile not found.");

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
    ...(user.email_visible ? { email: user.email } : {}),
    techExpertise: {
      programmingLanguages: user.g_languages ?? user.m_languages ?? [],
      technologies: user.g_technologies ?? user.m_technologies ?? [],
      tools: user.tools ?? [],
    },
    achievements: achievementsFromFacts(user.achievement_facts).map((achievement) => ({
      title: achievement.title,
      description: achievement.description,
      locked: !achievement.earned,
      progressPercentage: achievement.progressPercentage,
    })),
    projects: user.projects.map((row) => ({
      projectId: row.id,
      projectName: row.name,
      projectDescription: row.description,
      projectStatus: row.status,
      roleInProject: row.role_in_project,
      technologies: row.technologies,
    })),
    hasProfile: user.profile_completed,
  };
}

type UsersEB = ExpressionBuilder<Database & { u: Database["users"] }, "u">;

/**
 * Whether the viewer may see the person's email although it is hidden: the person themselves, or
 * an admin of a project the person asked to join (who needs a way to reach their requester).
 */
function viewerMayReach(eb: UsersEB, viewer: CurrentUser | null) {
  if (!viewer) return eb.lit(false);
  return eb.or([
    eb("u.id", "=", viewer.userId),
    eb.exists(
      eb
        .selectFrom("join_requests as r")
        .innerJoin("project_members as am", "am.project_id", "r.project_id")
        .select("r.id")
        .whereRef("r.user_id", "=", "u.id")
        .where("am.user_id", "=", viewer.userId)
        .where("am.is_admin", "=", true),
    ),
  ]);
}

/** The role of a user, for /profile/{id} to find the right address. */
export async function getUserRole(userId: string): Promise<UserRole | null | undefined> {
  const row = await db.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
  return row ? row.role : undefined;
}
