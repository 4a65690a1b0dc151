import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { getProfile } from "~/models/profile-view.server";
import { chooseRole, saveGainerProfile, saveMentorProfile, saveNonprofitProfile } from "~/models/profile.server";
import { getUserById } from "~/models/user.server";
import * as profileRoute from "~/routes/api/users/profile";
import * as publicProfileRoute from "~/routes/api/users/public-profile";
import { gainerProfileSchema } from "~/schemas/profile";
import { ForbiddenError, ValidationError } from "~/utils/errors.server";
import { apiRequest, routeContext as context } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

const validGainer = {
  fullName: "Gale Gainer",
  biography: "I like building things.\n\nAnd learning.",
  currentRole: "Student",
  yearsOfExperience: 2,
  educationStatus: "Self-Taught",
  areasOfInterest: ["Web Development", "DevOps"],
  technologies: ["React"],
};

function errorsOf(input: Record<string, unknown>) {
  const parsed = gainerProfileSchema.safeParse({ ...validGainer, ...input });
  return parsed.success ? {} : parsed.error.flatten().fieldErrors;
}

describe("gainer profile rules", () => {
  it.each([
    [{ yearsOfExperience: 0 }, {}],
    [{ yearsOfExperience: 50 }, {}],
    [{ yearsOfExperience: "50" }, {}],
    [{ yearsOfExperience: -1 }, { yearsOfExperience: ["Years of experience must be between 0 and 50"] }],
    [{ yearsOfExperience: 51 }, { yearsOfExperience: ["Years of experience must be between 0 and 50"] }],
    [{ yearsOfExperience: 1.5 }, { yearsOfExperience: ["Years of experience must be a whole number"] }],
    [{ fullName: "x".repeat(100) }, {}],
    [{ fullName: "x".repeat(101) }, { fullName: ["Full name must be at most 100 characters"] }],
    [{ fullName: "   " }, { fullName: ["Full name is required"] }],
    [{ biography: "b".repeat(1000) }, {}],
    [{ biography: "b".repeat(1001) }, { biography: ["Biography must be at most 1000 characters"] }],
    [{ currentRole: "r".repeat(100) }, {}],
    [{ currentRole: "r".repeat(101) }, { currentRole: ["Current role must be at most 100 characters"] }],
    [{ linkedInURL: `https://linkedin.com/in/${"a".repeat(176)}` }, {}],
    [
      { linkedInURL: `https://linkedin.com/in/${"a".repeat(177)}` },
      { linkedInURL: ["LinkedIn URL must be at most 200 characters"] },
    ],
    [{ gitHubURL: "not a url" }, { gitHubURL: ["Please enter a valid URL (starting with https://)"] }],
    [{ gitHubURL: "javascript:alert(1)" }, { gitHubURL: ["Please enter a valid URL (starting with https://)"] }],
    [{ gitHubURL: "" }, {}],
    [{ areasOfInterest: [] }, { areasOfInterest: ["Please choose at least one area of interest"] }],
    [{ areasOfInterest: ["Underwater Basket Weaving"] }, { areasOfInterest: ["Please choose from the list"] }],
    [{ educationStatus: "PhD in vibes" }, { educationStatus: ["Please choose your education status"] }],
  ])("%j gives %j", (input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });
});

describe("saving profiles", () => {
  it("a gainer profile finishes onboarding: role, name and profile in one go", async () => {
    const user = await createUser({ role: null, profileCompleted: false, name: "" });
    await chooseRole(user, { role: "gainer" });
    const saved = await saveGainerProfile(user, user.userId, validGainer);
    expect(saved).toMatchObject({
      id: user.userId,
      fullName: "Gale Gainer",
      areasOfInterest: ["Web Development", "DevOps"],
    });
    expect(await getUserById(user.userId)).toMatchObject({ role: "gainer", fullName: "Gale Gainer", isNewUser: false });
    const row = await db
      .selectFrom("gainer_profiles")
      .selectAll()
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ current_position: "Student", years_of_experience: 2, tools: [], linkedin_url: null });
  });

  it("nobody writes someone else's profile, and a failed save changes nothing", async () => {
    const owner = await createUser({ profileCompleted: false });
    const other = await createUser({ profileCompleted: false });
    await expect(saveGainerProfile(other, owner.userId, validGainer)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      saveGainerProfile(owner, owner.userId, { ...validGainer, yearsOfExperience: 99 }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await getUserById(owner.userId)).toMatchObject({ isNewUser: true });
  });

  it("mentor and nonprofit profiles have their own fields", async () => {
    const mentor = await createUser({ profileCompleted: false });
    await saveMentorProfile(mentor, mentor.userId, {
      fullName: "Mo Mentor",
      biography: "Ten years of web work.",
      currentRole: "Staff Engineer",
      yearsOfExperience: 10,
      availability: "2-4 hours a week",
      expertise: ["Backend Development"],
    });
    expect(await getUserById(mentor.userId)).toMatchObject({ role: "mentor", isNewUser: false });
    const nonprofit = await createUser({ profileCompleted: false });
    await expect(
      saveNonprofitProfile(nonprofit, nonprofit.userId, { organizationName: "Food For All", mission: "Feed people." }),
    ).rejects.toBeInstanceOf(ValidationError);
    await saveNonprofitProfile(nonprofit, nonprofit.userId, {
      organizationName: "Food For All",
      mission: "Feed people.",
      contactName: "Nia",
      contactEmail: "nia@foodforall.example.org",
      areasOfNeed: ["Website"],
    });
    expect(await getUserById(nonprofit.userId)).toMatchObject({ role: "nonprofit", fullName: "Food For All" });
  });
});

describe("profile pages' data", () => {
  it("shows public fields to everyone and the email only to its owner", async () => {
    const user = await createUser({ profileCompleted: false });
    await saveGainerProfile(user, user.userId, { ...validGainer, gitHubURL: "https://github.com/gale" });
    const projectId = await createProject({ name: "Shelter Board" });
    await addMember(projectId, user, { role: "Frontend Developer" });
    const visitor = await getProfile(user.userId, { viewer: null });
    expect(visitor).toMatchObject({
      fullName: "Gale Gainer",
      badge: "Gainer",
      subtitle: "Self-Taught",
      gitHubURL: "https://github.com/gale",
      techExpertise: { technologies: ["React"], programmingLanguages: [], tools: [] },
      projects: [{ projectName: "Shelter Board", roleInProject: "Frontend Developer" }],
      hasProfile: true,
    });
    expect(visitor).not.toHaveProperty("email");
    expect(await getProfile(user.userId, { viewer: await createUser() })).not.toHaveProperty("email");
    expect(await getProfile(user.userId, { viewer: user })).toHaveProperty("email", user.emailAddress);
  });

  it("achievements unlock from real activity", async () => {
    const user = await createUser();
    const before = await getProfile(user.userId, { viewer: null });
    expect(before.achievements.find((a) => a.title === "First Project")).toMatchObject({
      locked: true,
      progressPercentage: 0,
    });
    const projectId = await createProject();
    await addMember(projectId, user);
    const after = await getProfile(user.userId, { viewer: null });
    expect(after.achievements.find((a) => a.title === "First Project")).toMatchObject({
      locked: false,
      progressPercentage: 100,
    });
    expect(after.achievements.find((a) => a.title === "Team Player")).toMatchObject({
      locked: true,
      progressPercentage: 33,
    });
  });
});

describe("profile API", () => {
  it("GET: public without email; authenticated needs credentials; the email only for its owner", async () => {
    const user = await createUser();
    const params = { role: "gainer", id: user.userId };
    const open = await publicProfileRoute.loader({
      request: await apiRequest(`/api/users/public/gainer/${user.userId}/profile`),
      params,
      context,
    });
    expect(open.status).toBe(200);
    expect(await open.json()).not.toHaveProperty("email");
    const anonymous = await profileRoute.loader({
      request: await apiRequest(`/api/users/gainer/${user.userId}/profile`),
      params,
      context,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    const signedIn = await profileRoute.loader({
      request: await apiRequest(`/api/users/gainer/${user.userId}/profile`, { user: await createUser() }),
      params,
      context,
    });
    expect(await signedIn.json()).not.toHaveProperty("email");
    const owner = await profileRoute.loader({
      request: await apiRequest(`/api/users/gainer/${user.userId}/profile`, { user }),
      params,
      context,
    });
    expect(await owner.json()).toHaveProperty("email", user.emailAddress);
    const badRole = await publicProfileRoute.loader({
      request: await apiRequest(`/api/users/public/wizard/${user.userId}/profile`),
      params: { role: "wizard", id: user.userId },
      context,
    });
    expect(badRole.status).toBe(400);
    expect(await badRole.json()).toMatchObject({ message: "Unknown user role: wizard" });
    const unknown = await publicProfileRoute.loader({
      request: await apiRequest("/api/users/public/gainer/00000000-0000-4000-8000-000000000000/profile"),
      params: { role: "gainer", id: "00000000-0000-4000-8000-000000000000" },
      context,
    });
    expect(unknown.status).toBe(404);
    expect(
      (
        await publicProfileRoute.loader({
          request: await apiRequest("/api/users/public/gainer/nope/profile"),
          params: { role: "gainer", id: "nope" },
          context,
        })
      ).status,
    ).toBe(400);
  });

  it("PUT: only your own, errors by field, 200 with the saved profile", async () => {
    const user = await createUser({ profileCompleted: false });
    const other = await createUser();
    const put = async (who: typeof user | undefined, id: string, body: unknown, role = "gainer") =>
      profileRoute.action({
        request: await apiRequest(`/api/users/${role}/${id}/profile`, { method: "PUT", user: who, body }),
        params: { role, id },
        context,
      });
    expect((await put(undefined, user.userId, validGainer)).status).toBe(401);
    expect((await put(other, user.userId, validGainer)).status).toBe(403);
    const invalid = await put(user, user.userId, { ...validGainer, yearsOfExperience: 51, fullName: "" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toMatchObject({
      yearsOfExperience: ["Years of experience must be between 0 and 50"],
      fullName: ["Full name is required"],
    });
    expect((await put(user, user.userId, validGainer, "astronaut")).status).toBe(400);
    const saved = await put(user, user.userId, validGainer);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: user.userId, fullName: "Gale Gainer" });
  });
});
