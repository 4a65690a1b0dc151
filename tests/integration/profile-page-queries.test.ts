import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { db } from "~/db.server";
import { achievementStatuses, awardAchievements, readEarned } from "~/models/achievement.server";
import { readActivityCounts } from "~/models/activity-counts.server";
import { createJoinRequest } from "~/models/join-request.server";
import type { CurrentUser } from "~/models/user.server";
import { loader as rootLoader } from "~/root";
import { loader as profileLoader } from "~/routes/account/profile";
import { runInRequestScope } from "~/utils/request-scope.server";
import { routeContext, sessionCookie } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/**
 * No N+1 on a profile (DESIGN principle 8): the root's and the profile's loaders send as many
 * statements for someone with one project as for someone with thirty, many tasks, posts and likes,
 * whoever looks; and what the one statement reads is what the counts say.
 */

async function profilePage(person: CurrentUser, cookie: string | null) {
  const path = `/profile/${person.role}/${person.userId}`;
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  // As the host runs a request: in its scope, each loader with its own copy of the Request.
  const args = () => ({
    request: new Request(request),
    params: { role: person.role!, id: person.userId },
    context: routeContext,
  });
  const { result, queries } = await countQueries(() =>
    runInRequestScope(() => Promise.all([rootLoader(args()), profileLoader(args())])),
  );
  return { queries, profile: result[1].profile };
}

/** Someone with `projects` projects (every other one completed), done tasks, posts and likes on them. */
async function personWith(projects: number) {
  const person = await createUser({ name: "Pat Profile" });
  const fan = await createUser();
  const projectIds: string[] = [];
  for (let i = 0; i < projects; i++) {
    const projectId = await createProject({ status: i % 2 ? "Completed" : "InProgress" });
    await addMember(projectId, person, { role: `Role ${i}` });
    projectIds.push(projectId);
  }
  const first = projectIds[0]!;
  await sql`insert into tasks (project_id, title, assignee_id, status)
    select ${first}, 'Task ' || i, ${person.userId}, 'Done' from generate_series(1, ${projects * 2}) as i`.execute(db);
  const posts = await db
    .insertInto("forum_posts")
    .values(
      Array.from({ length: Math.min(projects, 12) }, (_, i) => ({
        project_id: first,
        author_id: person.userId,
        content: `Post ${i}`,
      })),
    )
    .returning("id")
    .execute();
  await db
    .insertInto("post_likes")
    .values(posts.map((post) => ({ post_id: post.id, user_id: fan.userId })))
    .execute();
  await awardAchievements(db, person.userId, { silent: true });
  return { person, projectIds };
}

describe("a profile page's queries", () => {
  it("are as many for one project as for thirty, for the person, another person and a visitor", async () => {
    const few = await personWith(1);
    const many = await personWith(30);
    const other = await createUser();
    const otherCookie = await sessionCookie(other);

    const counts: Record<string, [number, number]> = {};
    for (const viewer of ["themselves", "another person", "a visitor"] as const) {
      const cookie = async (person: CurrentUser) =>
        viewer === "themselves" ? sessionCookie(person) : viewer === "another person" ? otherCookie : null;
      const small = await profilePage(few.person, await cookie(few.person));
      const big = await profilePage(many.person, await cookie(many.person));
      counts[viewer] = [small.queries, big.queries];
      expect(big.profile.projects).toHaveLength(30);
    }
    for (const [viewer, [small, big]] of Object.entries(counts)) {
      expect({ viewer, queries: big }).toEqual({ viewer, queries: small });
      // The signed-in person with their bell (none for a visitor), and the profile itself.
      expect(big).toBeLessThanOrEqual(viewer === "a visitor" ? 1 : 2);
    }
    console.info("profile page queries (1 project, 30):", counts);
  });

  it("shows the achievements the counts give, the projects newest first and the email to whom it may, and no more", async () => {
    const { person, projectIds } = await personWith(30);
    const admin = await createUser();
    const adminProject = await createProject({ admin });
    await createJoinRequest(person, adminProject, { requestedRole: "Developer" });

    const { profile } = await profilePage(person, await sessionCookie(admin));
    const expected = achievementStatuses(
      await readActivityCounts(db, person.userId),
      await readEarned(db, person.userId),
    ).map((achievement) => ({
      title: achievement.title,
      description: achievement.description,
      locked: !achievement.earned,
      progressPercentage: achievement.progressPercentage,
    }));
    expect(profile.achievements).toEqual(expected);
    expect(profile.achievements.filter((achievement) => !achievement.locked).map((a) => a.title)).toEqual(
      expect.arrayContaining([
        "First Project",
        "Team Player",
        "Task Finisher",
        "Conversation Starter",
        "Crowd Favourite",
      ]),
    );
    expect(profile.projects.map((project) => project.projectId)).toEqual([...projectIds].reverse());
    // The page's data holds only what it shows: the chosen tab's expertise, each project's card.
    expect(profile).not.toHaveProperty("userId");
    expect(profile).not.toHaveProperty("techExpertise");
    expect(profile.expertise).toEqual([]);
    expect(profile.projects[0]).toEqual({
      projectId: projectIds.at(-1),
      projectName: expect.any(String),
      projectDescription: "A project made by a test.",
      roleInProject: "Role 29",
    });
    // An admin of a project they asked to join may reach them; a stranger may not.
    expect(profile.email).toBe(person.emailAddress);
    expect((await profilePage(person, await sessionCookie(await createUser()))).profile.email).toBeUndefined();
  });
});
