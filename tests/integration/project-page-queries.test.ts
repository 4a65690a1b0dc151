import { describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { createJoinRequest } from "~/models/join-request.server";
import { loader as rootLoader } from "~/root";
import { loader as projectLoader } from "~/routes/public/project";
import { runInRequestScope } from "~/utils/request-scope.server";
import { routeContext, sessionCookie } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/**
 * A project page reads the project with its roles and team in one statement, and the viewer's
 * relation to it beside that: as many statements for a team of one as for a team of twelve.
 */
async function statementsOfProjectPage(projectId: string, cookie: string | null) {
  const request = new Request(`http://localhost/project/${projectId}`, { headers: cookie ? { Cookie: cookie } : {} });
  const loaders = [rootLoader, projectLoader] as const;
  const { result, queries } = await countQueries(() =>
    runInRequestScope(() =>
      Promise.all(
        loaders.map((load) =>
          load({ request: new Request(request), params: { id: projectId }, context: routeContext }),
        ),
      ),
    ),
  );
  return { queries, page: result[1] as Awaited<ReturnType<typeof projectLoader>> };
}

describe("the project page's statements", () => {
  it("are as many for a team of one as for a team of twelve with six roles, signed in or not", async () => {
    const viewer = await createUser({ name: "Vera Viewer" });
    const cookie = await sessionCookie(viewer);
    const admin = await createUser({ name: "Ada Admin" });
    const small = await createProject({ admin, name: "Small team", roles: { Developer: 1 } });
    const roles = { Designer: 1, Developer: 2, Mentor: 0, Tester: 1, Writer: 3, Analyst: 1 };
    const big = await createProject({ admin, name: "Big team", roles });
    for (let i = 0; i < 11; i++) await addMember(big, await createUser({ name: `Member ${i + 1}` }));
    await addMember(big, viewer);

    const visitor = [await statementsOfProjectPage(small, null), await statementsOfProjectPage(big, null)];
    const member = [await statementsOfProjectPage(small, cookie), await statementsOfProjectPage(big, cookie)];
    expect(visitor[1]!.queries).toBe(visitor[0]!.queries);
    expect(member[1]!.queries).toBe(member[0]!.queries);
    // Visitors: the project (roles and team within it) and its answer speeds. Signed in, also the
    // viewer with the bell, and how the viewer stands with the project (membership, join request).
    expect(visitor[1]!.queries).toBeLessThanOrEqual(2);
    expect(member[1]!.queries).toBeLessThanOrEqual(4);

    const page = member[1]!.page;
    expect(page.isMember).toBe(true);
    expect(page.project.projectTeamMembers).toHaveLength(13);
    expect(page.project.projectTeamMembers[0]!.fullName).toBe("Ada Admin");
    expect(page.project.requiredRoles.map((role) => role.name)).toEqual(Object.keys(roles).sort());
    expect(page.project.openRoles.map((role) => role.name)).not.toContain("Mentor");

    // How someone who asked to join stands, read in the same statement as a member's standing.
    const asking = await createUser({ name: "Asa Asking" });
    await createJoinRequest(asking, small, { requestedRole: "Developer" });
    const theirs = (await statementsOfProjectPage(small, await sessionCookie(asking))).page;
    expect([theirs.isMember, theirs.pendingRequest, theirs.latestRequest?.status]).toEqual([false, true, "Pending"]);
    expect([page.pendingRequest, page.latestRequest]).toEqual([false, null]);
  });
});
