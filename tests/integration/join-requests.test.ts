import { describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import {
  createJoinRequest,
  decideJoinRequest,
  JOIN_REQUESTS_FORBIDDEN,
  listJoinRequests,
  listMyJoinRequests,
} from "~/models/join-request.server";
import { listMyProjects } from "~/models/my-projects.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors.server";
import { addMember, createProject, createUser, openPositions } from "../fixtures/factories";

describe("join requests", () => {
  it("a request needs one of the open roles and at most 500 characters of message", async () => {
    const projectId = await createProject({ roles: { Developer: 1, Designer: 0 } });
    const user = await createUser();
    await expect(createJoinRequest(user, projectId, { requestedRole: "" })).rejects.toThrow("Please select a role");
    await expect(createJoinRequest(user, projectId, { requestedRole: "Designer" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      createJoinRequest(user, projectId, { requestedRole: "Developer", message: "x".repeat(501) }),
    ).rejects.toBeInstanceOf(ValidationError);
    const request = await createJoinRequest(user, projectId, {
      requestedRole: "Developer",
      message: `  ${"y".repeat(500)}  `,
    });
    expect(request).toMatchObject({ status: "Pending", requestedRole: "Developer", message: "y".repeat(500) });
  });

  it("refuses a second pending request, members, templates and unknown projects", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin });
    const user = await createUser();
    await createJoinRequest(user, projectId, { requestedRole: "Developer" });
    await expect(createJoinRequest(user, projectId, { requestedRole: "Developer" })).rejects.toThrow(
      "You already have a pending request for this project.",
    );
    await expect(createJoinRequest(admin, projectId, { requestedRole: "Developer" })).rejects.toBeInstanceOf(
      ConflictError,
    );
    const templateId = await createProject({ kind: "template" });
    await expect(createJoinRequest(user, templateId, { requestedRole: "Developer" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const pendingId = await createProject({ status: "Pending" });
    await expect(createJoinRequest(user, pendingId, { requestedRole: "Developer" })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it("two identical requests at the same time make one row", async () => {
    const projectId = await createProject();
    const user = await createUser();
    const results = await Promise.allSettled([
      createJoinRequest(user, projectId, { requestedRole: "Developer" }),
      createJoinRequest(user, projectId, { requestedRole: "Developer" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ConflictError);
    const rows = await db.selectFrom("join_requests").select("id").where("project_id", "=", projectId).execute();
    expect(rows).toHaveLength(1);
  });

  it("only admins list and decide; approval makes a member and takes a position", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, roles: { Developer: 2 } });
    const member = await createUser();
    await addMember(projectId, member);
    const requester = await createUser({ name: "Rita Requester" });
    const request = await createJoinRequest(requester, projectId, { requestedRole: "Developer", message: "Hi!" });

    await expect(listJoinRequests(member, projectId)).rejects.toThrow(JOIN_REQUESTS_FORBIDDEN);
    await expect(
      decideJoinRequest(member, projectId, request.joinRequestId, { isApproved: true }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const pending = await listJoinRequests(admin, projectId);
    expect(pending).toEqual([expect.objectContaining({ requesterFullName: "Rita Requester", message: "Hi!" })]);

    const decided = await decideJoinRequest(admin, projectId, request.joinRequestId, {
      isApproved: "true",
      reason: "  ",
    });
    expect(decided).toMatchObject({ status: "Approved", decisionReason: null });
    expect(await openPositions(projectId, "Developer")).toBe(1);
    const membership = await db
      .selectFrom("project_members")
      .select(["role_in_project", "is_admin"])
      .where("project_id", "=", projectId)
      .where("user_id", "=", requester.userId)
      .executeTakeFirst();
    expect(membership).toEqual({ role_in_project: "Developer", is_admin: false });
    await expect(decideJoinRequest(admin, projectId, request.joinRequestId, { isApproved: false })).rejects.toThrow(
      "This request was already approved.",
    );
    const notified = await db
      .selectFrom("notifications")
      .select("event_name")
      .where("user_id", "=", requester.userId)
      .orderBy("seq")
      .execute();
    // Joining also earned the requester 'First Project'.
    expect(notified.map((row) => row.event_name)).toEqual(["achievementEarned", "projectJoinApproved"]);
  });

  it("rejection keeps the position and records a trimmed reason", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, roles: { Developer: 1 } });
    const requester = await createUser();
    const request = await createJoinRequest(requester, projectId, { requestedRole: "Developer" });
    const decided = await decideJoinRequest(admin, projectId, request.joinRequestId, {
      isApproved: false,
      reason: "  Team is full  ",
    });
    expect(decided).toMatchObject({ status: "Rejected", decisionReason: "Team is full" });
    expect(await openPositions(projectId, "Developer")).toBe(1);
    expect(await listMyJoinRequests(requester, projectId, "Rejected")).toHaveLength(1);
  });

  it("two approvals racing for the last open position: exactly one wins", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, roles: { Developer: 1 } });
    const first = await createJoinRequest(await createUser(), projectId, { requestedRole: "Developer" });
    const second = await createJoinRequest(await createUser(), projectId, { requestedRole: "Developer" });
    const results = await Promise.allSettled([
      decideJoinRequest(admin, projectId, first.joinRequestId, { isApproved: true }),
      decideJoinRequest(admin, projectId, second.joinRequestId, { isApproved: true }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(ConflictError);
    expect(loser.reason.message).toBe("No open position is left for the role Developer.");
    expect(await openPositions(projectId, "Developer")).toBe(0);
    const members = await db
      .selectFrom("project_members")
      .select("user_id")
      .where("project_id", "=", projectId)
      .execute();
    expect(members).toHaveLength(2);
    const statuses = await db
      .selectFrom("join_requests")
      .select("status")
      .where("project_id", "=", projectId)
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(["Approved", "Pending"]);
  });

  it("My Projects shows memberships with their admin flag and pending requests as Requested", async () => {
    const user = await createUser();
    const owned = await createProject({ admin: user, status: "Pending", name: "Owned" });
    const joined = await createProject({ name: "Joined" });
    await addMember(joined, user);
    const requested = await createProject({ name: "Requested" });
    await createJoinRequest(user, requested, { requestedRole: "Developer" });
    await createProject({ name: "Unrelated" });
    const projects = await listMyProjects(user.userId);
    const byName = Object.fromEntries(projects.map((project) => [project.projectName, project]));
    expect(Object.keys(byName).sort()).toEqual(["Joined", "Owned", "Requested"]);
    expect(byName.Owned).toMatchObject({ projectStatus: "Pending", isAdmin: true, projectId: owned });
    expect(byName.Joined).toMatchObject({ projectStatus: "InProgress", isAdmin: false });
    expect(byName.Requested).toMatchObject({ projectStatus: "Requested", isAdmin: false, roleInProject: "Developer" });
    expect(byName.Joined.openRoles).toEqual([{ name: "Developer", openPositions: 2 }]);
  });

  it("My Projects keeps a rejected request in view for 30 days after the decision, counted from now", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, name: "Declined" });
    const requester = await createUser();
    const request = await createJoinRequest(requester, projectId, { requestedRole: "Developer" });
    await decideJoinRequest(admin, projectId, request.joinRequestId, { isApproved: false, reason: "Full" });
    const decidedDaysAgo = (days: number) =>
      db
        .updateTable("join_requests")
        .set({ decided_at: new Date(Date.now() - days * 86_400_000) })
        .where("id", "=", request.joinRequestId)
        .execute();
    const shown = async () => (await listMyProjects(requester.userId)).map((project) => project.projectStatus);
    await decidedDaysAgo(29);
    expect(await shown()).toEqual(["Rejected"]);
    await decidedDaysAgo(31);
    expect(await shown()).toEqual([]);
    // The cut-off moves with the clock: the statement is compiled once, its time is not.
    await decidedDaysAgo(29);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 86_400_000 });
    try {
      expect(await shown()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
