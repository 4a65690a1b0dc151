import { describe, expect, it } from "vitest";
import { createJoinRequest } from "~/models/join-request.server";
import { getProfile } from "~/models/profile-view.server";
import { saveGainerProfile, saveMentorProfile } from "~/models/profile.server";
import * as profileRoute from "~/routes/api/users/profile";
import * as publicProfileRoute from "~/routes/api/users/public-profile";
import { gainerProfileSchema, mentorProfileSchema, nonprofitProfileSchema } from "~/schemas/profile";
import { apiRequest, routeContext as context } from "../fixtures/api";
import { createProject, createUser } from "../fixtures/factories";

const gainer = {
  fullName: "Pia Private",
  biography: "Keeps her address to herself.",
  currentRole: "Student",
  yearsOfExperience: 1,
  educationStatus: "Self-Taught",
  areasOfInterest: ["Web Development"],
};

async function profileAsSeenBy(userId: string, viewer: Awaited<ReturnType<typeof createUser>>) {
  const response = await profileRoute.loader({
    request: await apiRequest(`/api/users/gainer/${userId}/profile`, { user: viewer }),
    params: { role: "gainer", id: userId },
    context,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { email?: string };
}

describe("email privacy", () => {
  it("'Show my email' is a checkbox in the forms and a boolean in the API, off unless asked", () => {
    for (const schema of [gainerProfileSchema, mentorProfileSchema, nonprofitProfileSchema]) {
      const shape = schema.shape as Record<string, unknown>;
      expect(shape).toHaveProperty("showEmail");
    }
    expect(gainerProfileSchema.parse(gainer).showEmail).toBe(false);
    expect(gainerProfileSchema.parse({ ...gainer, showEmail: "on" }).showEmail).toBe(true);
    expect(gainerProfileSchema.parse({ ...gainer, showEmail: true }).showEmail).toBe(true);
    expect(gainerProfileSchema.parse({ ...gainer, showEmail: false }).showEmail).toBe(false);
    expect(gainerProfileSchema.parse({ ...gainer, showEmail: "false" }).showEmail).toBe(false);
    const refused = gainerProfileSchema.safeParse({ ...gainer, showEmail: "maybe" });
    expect(refused.success).toBe(false);
    expect(refused.error?.flatten().fieldErrors.showEmail).toEqual(["Show my email must be true or false"]);
  });

  it("a private email shows to its owner and to admins of projects the person asked to join, nobody else", async () => {
    const person = await createUser({ profileCompleted: false });
    await saveGainerProfile(person, person.userId, gainer);
    const stranger = await createUser();
    const admin = await createUser();
    const member = await createUser();
    const otherAdmin = await createUser();
    const projectId = await createProject({ admin, roles: { "Frontend Developer": 2 } });
    await createProject({ admin: otherAdmin });

    expect(await profileAsSeenBy(person.userId, person)).toHaveProperty("email", person.emailAddress);
    expect(await profileAsSeenBy(person.userId, stranger)).not.toHaveProperty("email");
    expect(await profileAsSeenBy(person.userId, admin)).not.toHaveProperty("email");

    await createJoinRequest(await refreshed(person), projectId, { requestedRole: "Frontend Developer", message: "Hi" });
    expect(await profileAsSeenBy(person.userId, admin)).toHaveProperty("email", person.emailAddress);
    expect(await profileAsSeenBy(person.userId, otherAdmin)).not.toHaveProperty("email");
    expect(await profileAsSeenBy(person.userId, member)).not.toHaveProperty("email");
    expect(await getProfile(person.userId, { viewer: null })).not.toHaveProperty("email");
  });

  it("an email made public shows to everyone, on the public API too", async () => {
    const person = await createUser({ role: null, profileCompleted: false });
    const profile = {
      fullName: "Otto Open",
      biography: "Write to me.",
      currentRole: "Engineer",
      yearsOfExperience: 10,
      availability: mentorProfileSchema.shape.availability.options[0],
      expertise: ["Web Development"],
    };
    await saveMentorProfile(person, person.userId, { ...profile, showEmail: true });
    const open = await publicProfileRoute.loader({
      request: await apiRequest(`/api/users/public/mentor/${person.userId}/profile`),
      params: { role: "mentor", id: person.userId },
      context,
    });
    expect(await open.json()).toHaveProperty("email", person.emailAddress);
    expect(await getProfile(person.userId, { viewer: await createUser() })).toHaveProperty(
      "email",
      person.emailAddress,
    );
    // Changing one's mind hides it again.
    await saveMentorProfile(await refreshed(person), person.userId, profile);
    expect(await getProfile(person.userId, { viewer: await createUser() })).not.toHaveProperty("email");
  });
});

async function refreshed(user: Awaited<ReturnType<typeof createUser>>) {
  const { getUserById } = await import("~/models/user.server");
  return (await getUserById(user.userId))!;
}
