import type { UserRole } from "#db/schema";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import { chooseRoleSchema, gainerProfileSchema, mentorProfileSchema, nonprofitProfileSchema } from "~/schemas/profile";
import { ConflictError, ForbiddenError, NotFoundError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";

/**
 * Creating and updating the three kinds of profile. Only for yourself; saving a profile sets the
 * user's role and name and marks the profile finished, in one transaction.
 */

function requireSelf(actor: CurrentUser, userId: string) {
  if (actor.userId !== userId) throw new ForbiddenError("You can only edit your own profile.");
}

function requireRole(actor: CurrentUser, role: UserRole) {
  // A finished profile keeps its role; before that, the form's role is the choice.
  if (!actor.isNewUser && actor.role && actor.role !== role) {
    throw new ConflictError(`Your profile is a ${actor.role} profile.`);
  }
}

async function finishProfile(
  trx: typeof db,
  userId: string,
  role: UserRole,
  profile: { fullName: string; picture?: string; showEmail: boolean },
) {
  const updated = await trx
    .updateTable("users")
    .set({
      role,
      full_name: profile.fullName,
      profile_completed: true,
      profile_picture_url: profile.picture ?? null,
      show_email: profile.showEmail,
      updated_at: new Date(),
    })
    .where("id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  if (!updated) throw new NotFoundError("User not found.");
}

export async function chooseRole(actor: CurrentUser, input: unknown): Promise<UserRole> {
  const { role } = parseOrThrow(chooseRoleSchema, input);
  requireRole(actor, role);
  await db.updateTable("users").set({ role, updated_at: new Date() }).where("id", "=", actor.userId).execute();
  return role;
}

export async function saveGainerProfile(actor: CurrentUser, userId: string, input: unknown) {
  requireSelf(actor, userId);
  requireRole(actor, "gainer");
  const profile = parseOrThrow(gainerProfileSchema, input);
  const row = {
    full_name: profile.fullName,
    biography: profile.biography,
    current_position: profile.currentRole,
    years_of_experience: profile.yearsOfExperience,
    education_status: profile.educationStatus,
    areas_of_interest: profile.areasOfInterest,
    programming_languages: profile.programmingLanguages,
    technologies: profile.technologies,
    tools: profile.tools,
    profile_picture_url: profile.profilePictureURL ?? null,
    linkedin_url: profile.linkedInURL ?? null,
    github_url: profile.gitHubURL ?? null,
    updated_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("gainer_profiles")
      .values({ user_id: userId, ...row })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(row))
      .execute();
    await finishProfile(trx, userId, "gainer", {
      fullName: profile.fullName,
      picture: profile.profilePictureURL,
      showEmail: profile.showEmail,
    });
  });
  return { id: userId, ...profile };
}

export async function saveMentorProfile(actor: CurrentUser, userId: string, input: unknown) {
  requireSelf(actor, userId);
  requireRole(actor, "mentor");
  const profile = parseOrThrow(mentorProfileSchema, input);
  const row = {
    full_name: profile.fullName,
    biography: profile.biography,
    current_position: profile.currentRole,
    years_of_experience: profile.yearsOfExperience,
    availability: profile.availability,
    expertise: profile.expertise,
    programming_languages: profile.programmingLanguages,
    technologies: profile.technologies,
    profile_picture_url: profile.profilePictureURL ?? null,
    linkedin_url: profile.linkedInURL ?? null,
    github_url: profile.gitHubURL ?? null,
    website_url: profile.websiteURL ?? null,
    updated_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("mentor_profiles")
      .values({ user_id: userId, ...row })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(row))
      .execute();
    await finishProfile(trx, userId, "mentor", {
      fullName: profile.fullName,
      picture: profile.profilePictureURL,
      showEmail: profile.showEmail,
    });
  });
  return { id: userId, ...profile };
}

export async function saveNonprofitProfile(actor: CurrentUser, userId: string, input: unknown) {
  requireSelf(actor, userId);
  requireRole(actor, "nonprofit");
  const profile = parseOrThrow(nonprofitProfileSchema, input);
  const row = {
    organization_name: profile.organizationName,
    mission: profile.mission,
    website_url: profile.websiteURL ?? null,
    contact_name: profile.contactName,
    contact_email: profile.contactEmail,
    areas_of_need: profile.areasOfNeed,
    profile_picture_url: profile.profilePictureURL ?? null,
    updated_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("nonprofit_profiles")
      .values({ user_id: userId, ...row })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(row))
      .execute();
    await finishProfile(trx, userId, "nonprofit", {
      fullName: profile.organizationName,
      picture: profile.profilePictureURL,
      showEmail: profile.showEmail,
    });
  });
  return { id: userId, ...profile };
}

export const PROFILE_SAVERS = {
  gainer: saveGainerProfile,
  mentor: saveMentorProfile,
  nonprofit: saveNonprofitProfile,
} as const;
