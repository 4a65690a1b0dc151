import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { matchProjectsForUser } from "~/models/match.server";
import { callApi } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/** GET /api/match/profile and the signed-in home grid (spec sections 2 and 7, issue 15). */

async function project(name: string, technologies: string[], difficulty: "Beginner" | "Advanced" = "Beginner") {
  const id = await createProject({ name });
  await db.updateTable("projects").set({ technologies, difficulty }).where("id", "=", id).execute();
  return id;
}

beforeEach(async () => {
  await db.deleteFrom("projects").execute();
});

describe("matchProjectsForUser", () => {
  it("picks projects by shared skills, says why, and skips the person's own and requested ones", async () => {
    const user = await createUser();
    await db
      .insertInto("gainer_profiles")
      .values({
        user_id: user.userId,
        full_name: "Ada",
        biography: "Learning.",
        current_position: "Student",
        years_of_experience: 0,
        education_status: "Bootcamp",
        areas_of_interest: ["Animals"],
        programming_languages: ["JavaScript"],
        technologies: ["React", "Node.js"],
        tools: [],
      })
      .execute();
    const fit = await project("Shelter Board", ["React", "Node.js"]);
    await project("Hard Kernel Work", ["Rust"], "Advanced");
    const member = await project("My Own React App", ["React"]);
    await addMember(member, user);
    const requested = await project("Requested React App", ["React"]);
    await db
      .insertInto("join_requests")
      .values({ project_id: requested, user_id: user.userId, requested_role: "Developer" })
      .execute();

    const matches = await matchProjectsForUser(user.userId, 5);
    expect(matches[0]).toMatchObject({ projectId: fit, matchReason: "Matches your React and Node.js" });
    const ids = matches.map((match) => match.projectId);
    expect(ids).not.toContain(member);
    expect(ids).not.toContain(requested);
  });

  it("says which interest words matched, never a word without a topic (want, help, need, way)", async () => {
    const user = await createUser();
    await db
      .insertInto("nonprofit_profiles")
      .values({
        user_id: user.userId,
        organization_name: "Eastside Pantry",
        mission: "Feed the east side.",
        contact_name: "Rosa",
        contact_email: "rosa@example.org",
        areas_of_need: ["I want to help a food bank that needs a way to track donations"],
      })
      .execute();
    const pantry = await createProject({ name: "Food Bank Donations Log" });
    await db
      .updateTable("projects")
      .set({ description: "We want help: a way to track what the food bank needs and gets." })
      .where("id", "=", pantry)
      .execute();
    const [match] = await matchProjectsForUser(user.userId, 3);
    expect(match?.projectId).toBe(pantry);
    expect(match?.matchReason).toMatch(/^Matched: /);
    expect(match?.matchReason).toMatch(/food|bank|donations|track/);
    for (const filler of ["want", "help", "needs", "way"])
      expect(match?.matchReason).not.toMatch(new RegExp(`\\b${filler}\\b`));
  });

  it("falls back to open projects, still without the person's own, when the profile says nothing", async () => {
    const user = await createUser();
    const own = await project("Mine", ["Go"]);
    await addMember(own, user);
    const other = await project("Theirs", ["Go"]);
    const matches = await matchProjectsForUser(user.userId, 3);
    expect(matches.map((match) => match.projectId)).toEqual([other]);
  });
});

describe("GET /api/match/profile", () => {
  it("answers the caller's matches, 5 by default, and only the caller's", async () => {
    const user = await createUser();
    const other = await createUser();
    for (const n of [1, 2, 3, 4, 5, 6]) await project(`Open ${n}`, ["Go"]);
    const response = await callApi(`/api/match/profile?userId=${user.userId}`, { user });
    expect(response.status).toBe(200);
    const { projects } = (await response.json()) as { projects: { matchReason: string }[] };
    expect(projects).toHaveLength(5);
    expect(projects[0].matchReason).toBeTruthy();
    expect((await callApi(`/api/match/profile?userId=${other.userId}`, { user })).status).toBe(403);
    expect((await callApi("/api/match/profile")).status).toBe(401);
  });
});
