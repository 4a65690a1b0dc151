import { expect, test } from "./fixtures";
import { accessTokenFor, uniqueEmail } from "./auth";

/** The profile API with a device-flow token: run once (the no-js project skips api-*.spec files). */
test.describe("profile API", () => {
  test("PUT your own profile with a token; not someone else's", async ({ browser, request }) => {
    const email = uniqueEmail("api-profile");
    const token = await accessTokenFor(browser, request, email);
    const headers = { Authorization: `Bearer ${token}` };
    const { userId } = await (await request.post("/api/users/me/ensure", { headers })).json();
    const body = {
      fullName: "Api Person",
      biography: "Made by a test.",
      currentRole: "Tester",
      yearsOfExperience: 0,
      educationStatus: "Other",
      areasOfInterest: ["Software Testing"],
    };
    const saved = await request.put(`/api/users/gainer/${userId}/profile`, { headers, data: body });
    expect(saved.status()).toBe(200);
    const invalid = await request.put(`/api/users/gainer/${userId}/profile`, {
      headers,
      data: { ...body, yearsOfExperience: -1 },
    });
    expect(invalid.status()).toBe(400);
    expect((await invalid.json()).errors.yearsOfExperience).toBeDefined();
    const [project] = await (await request.get("/api/projects/active?pageSize=1")).json();
    const someone = (await (await request.get(`/api/projects/${project.projectId}`)).json()).projectTeamMembers[0];
    expect((await request.put(`/api/users/gainer/${someone.userId}/profile`, { headers, data: body })).status()).toBe(
      403,
    );
    expect((await request.put(`/api/users/gainer/${userId}/profile`, { data: body })).status()).toBe(401);
    const me = await (await request.get("/api/users/me", { headers })).json();
    expect(me).toMatchObject({ role: "gainer", fullName: "Api Person", isNewUser: false });
  });
});
