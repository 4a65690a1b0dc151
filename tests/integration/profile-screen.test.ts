import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser } from "../fixtures/factories";
import { dispatch } from "../fixtures/routes";

const get = (path: string) => dispatch(new Request(`http://localhost${path}`));

describe("the profile screen's address", () => {
  it("shows the profile at the person's own role", async () => {
    const mentor = await createUser({ name: "Maya Mentor", role: "mentor" });
    const answer = await get(`/profile/mentor/${mentor.userId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Maya Mentor");
  });

  it("leads an address with another role to the person's own, keeping the query", async () => {
    const mentor = await createUser({ name: "Maya Mentor", role: "mentor" });
    const answer = await get(`/profile/gainer/${mentor.userId}?expertise=tools`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/profile/mentor/${mentor.userId}?expertise=tools`);
  });

  it("is a 404 for nobody, and a 400 for an unknown role or a malformed id", async () => {
    expect((await get(`/profile/gainer/${randomUUID()}`)).status).toBe(404);
    expect((await get(`/profile/wizard/${randomUUID()}`)).status).toBe(400);
    expect((await get(`/profile/gainer/not-an-id`)).status).toBe(400);
  });
});
