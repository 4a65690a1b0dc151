import { describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { db } from "~/db.server";
import { joinRequestDeadlinesJob } from "~/jobs/join-request-deadlines.server";
import { enqueue, startJobs } from "~/jobs/queue.server";
import { getAnswerSpeed, getResponseFigures } from "~/models/answer-speed.server";
import { expireJoinRequests, remindWaitingJoinRequests } from "~/models/join-request-deadlines.server";
import {
  cancelJoinRequest,
  createJoinRequest,
  decideJoinRequest,
  listMyJoinRequests,
} from "~/models/join-request.server";
import { listMyProjects } from "~/models/my-projects.server";
import type { CurrentUser } from "~/models/user.server";
import { answerSpeedLabel, reviewSpeedLabel } from "~/utils/answer-speed";
import { ConflictError, ForbiddenError, NotFoundError } from "~/utils/errors.server";
import { loader as projectPageLoader } from "~/routes/public/project";
import { callApi, routeContext, sessionCookie } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/** The join response contract (issue 13): answer speed, reminders, expiry and cancelling. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A request made `ageMs` before `now` (the clock the deadline functions are given). */
async function requestAged(user: CurrentUser, projectId: string, now: Date, ageMs: number) {
  const request = await createJoinRequest(user, projectId, { requestedRole: "Developer" });
  await db
    .updateTable("join_requests")
    .set({ created_at: new Date(now.getTime() - ageMs) })
    .where("id", "=", request.joinRequestId)
    .execute();
  return request.joinRequestId;
}

/** A real decision by the admin, then dated so it took `tookMs` from request to answer. */
async function decidedAfter(admin: CurrentUser, projectId: string, tookMs: number, isApproved = false) {
  const request = await createJoinRequest(await createUser(), projectId, { requestedRole: "Developer" });
  await decideJoinRequest(admin, projectId, request.joinRequestId, { isApproved });
  const row = await db
    .selectFrom("join_requests")
    .select("decided_at")
    .where("id", "=", request.joinRequestId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("join_requests")
    .set({ created_at: new Date(new Date(row.decided_at!).getTime() - tookMs) })
    .where("id", "=", request.joinRequestId)
    .execute();
}

async function notificationsOf(userId: string, eventName: string) {
  return db
    .selectFrom("notifications")
    .select(["title", "message", "reason", "link", "data", "project_id"])
    .where("user_id", "=", userId)
    .where("event_name", "=", eventName)
    .execute();
}

const statusOf = async (requestId: string) =>
  (await db.selectFrom("join_requests").select("status").where("id", "=", requestId).executeTakeFirstOrThrow()).status;

describe("answer speed", () => {
  it("is the median of the project's own decisions once it has three", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, roles: { Developer: 10 } });
    expect(await getAnswerSpeed(projectId)).toBeNull();
    await decidedAfter(admin, projectId, 30 * HOUR);
    await decidedAfter(admin, projectId, 2 * HOUR, true);
    expect(await getAnswerSpeed(projectId)).toBeNull();
    await decidedAfter(admin, projectId, 5 * DAY);
    const speed = await getAnswerSpeed(projectId);
    expect(speed).toMatchObject({ basis: "project", decisions: 3 });
    expect(speed!.medianMs).toBeCloseTo(30 * HOUR, -3);
    expect(answerSpeedLabel(speed!.medianMs)).toBe("Usually answers within 2 days");
  });

  it("leaves out pending, cancelled and expired requests", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, roles: { Developer: 10 } });
    for (const hours of [1, 2, 3]) await decidedAfter(admin, projectId, hours * HOUR);
    await createJoinRequest(await createUser(), projectId, { requestedRole: "Developer" });
    const requester = await createUser();
    const cancelled = await createJoinRequest(requester, projectId, { requestedRole: "Developer" });
    await cancelJoinRequest(requester, projectId, cancelled.joinRequestId);
    const speed = await getAnswerSpeed(projectId);
    expect(speed).toMatchObject({ basis: "project", decisions: 3 });
    expect(speed!.medianMs).toBeCloseTo(2 * HOUR, -3);
    expect(answerSpeedLabel(speed!.medianMs)).toBe("Usually answers within hours");
  });

  it("a new project borrows its admins' record on their other projects; strangers' records never count", async () => {
    const admin = await createUser();
    const older = await createProject({ admin, roles: { Developer: 10 } });
    for (const hours of [20, 22, 23]) await decidedAfter(admin, older, hours * HOUR);
    const stranger = await createUser();
    const strangers = await createProject({ admin: stranger, roles: { Developer: 10 } });
    for (const days of [9, 9, 9]) await decidedAfter(stranger, strangers, days * DAY);

    const fresh = await createProject({ admin, roles: { Developer: 10 } });
    const speed = await getAnswerSpeed(fresh);
    expect(speed).toMatchObject({ basis: "admins", decisions: 3 });
    expect(answerSpeedLabel(speed!.medianMs)).toBe("Usually answers within a day");
  });

  it("shows on the project page for one more query, and only when there are decisions", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, roles: { Developer: 10 } });
    const visitor = await createUser();
    const cookie = await sessionCookie(visitor);
    const view = async () => {
      const request = new Request(`http://localhost/project/${projectId}`, { headers: { Cookie: cookie } });
      const { result, queries } = await countQueries(
        () => projectPageLoader({ request, params: { id: projectId }, context: routeContext }) as Promise<unknown>,
      );
      return {
        data: (result instanceof Response ? await result.json() : result) as { answerSpeed: string | null },
        queries,
      };
    };
    const before = await view();
    expect(before.data.answerSpeed).toBeNull();
    for (const hours of [40, 44, 47]) await decidedAfter(admin, projectId, hours * HOUR);
    const after = await view();
    expect(after.data.answerSpeed).toBe("Usually answers within 2 days");
    expect(after.queries).toBe(before.queries);
    console.info("project page queries (signed in):", after.queries);
  });

  it("says how soon mentors start a review: claimed requests, and unclaimed ones once reminded", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, roles: { Developer: 10 } });
    const round = async (waitedMs: number, claimed: boolean, reminded = false) => {
      const task = await db
        .insertInto("tasks")
        .values({ project_id: projectId, title: "Reviewed work", created_by: admin.userId })
        .returning("id")
        .executeTakeFirstOrThrow();
      const requestedAt = new Date(Date.now() - waitedMs - (claimed ? HOUR : 0));
      await db
        .insertInto("task_reviews")
        .values({
          task_id: task.id,
          round: 1,
          state: claimed ? "claimed" : "requested",
          requested_by: admin.userId,
          requested_at: requestedAt,
          claimed_by: claimed ? admin.userId : null,
          claimed_at: claimed ? new Date(requestedAt.getTime() + waitedMs) : null,
          reminded_at: reminded ? new Date() : null,
        })
        .execute();
    };
    await round(3 * HOUR, true);
    await round(20 * HOUR, true);
    await round(5 * HOUR, false); // still waiting, not reminded yet: no figure from it
    expect((await getResponseFigures(projectId)).reviews).toBeNull();
    await round(3 * DAY, false, true); // reminded and still unclaimed: counts with its wait so far
    const { reviews } = await getResponseFigures(projectId);
    expect(reviews).toMatchObject({ rounds: 3 });
    expect(reviews!.medianMs).toBeCloseTo(20 * HOUR, -4);
    expect(reviewSpeedLabel(reviews!.medianMs)).toBe("Mentors usually start a review within a day");
  });

  it("words the median for people", () => {
    expect(answerSpeedLabel(40 * 60 * 1000)).toBe("Usually answers within an hour");
    expect(answerSpeedLabel(6 * HOUR)).toBe("Usually answers within hours");
    expect(answerSpeedLabel(DAY)).toBe("Usually answers within a day");
    expect(answerSpeedLabel(DAY + 1)).toBe("Usually answers within 2 days");
    expect(answerSpeedLabel(6.5 * DAY)).toBe("Usually answers within 7 days");
  });
});

describe("reminders", () => {
  it("remind every admin once when a request has waited 2 days, not before", async () => {
    const now = new Date();
    const [admin, coAdmin, member] = [await createUser(), await createUser(), await createUser()];
    const projectId = await createProject({ admin, name: "Food Bank Tracker" });
    await addMember(projectId, coAdmin, { isAdmin: true });
    await addMember(projectId, member);
    const requester = await createUser({ name: "Rita Requester" });
    const requestId = await requestAged(requester, projectId, now, 2 * DAY - HOUR);

    await remindWaitingJoinRequests(now);
    expect(await notificationsOf(admin.userId, "projectJoinReminder")).toEqual([]);

    const later = new Date(now.getTime() + HOUR);
    expect(await remindWaitingJoinRequests(later)).toBeGreaterThanOrEqual(1);
    for (const user of [admin, coAdmin]) {
      expect(await notificationsOf(user.userId, "projectJoinReminder")).toEqual([
        {
          title: "Join request waiting",
          message:
            "Rita Requester has waited 2 days for an answer to their request to join Food Bank Tracker as Developer.",
          reason: "you are an admin of Food Bank Tracker",
          link: `/projects/${projectId}/join-requests`,
          project_id: projectId,
          data: { projectId, projectName: "Food Bank Tracker", requestId, joinRequestId: requestId },
        },
      ]);
    }
    expect(await notificationsOf(member.userId, "projectJoinReminder")).toEqual([]);
    expect(await notificationsOf(requester.userId, "projectJoinReminder")).toEqual([]);
    expect(await statusOf(requestId)).toBe("Pending");

    // Idempotent: the next runs, even days later, send nothing more.
    await remindWaitingJoinRequests(later);
    await remindWaitingJoinRequests(new Date(now.getTime() + 5 * DAY));
    expect(await notificationsOf(admin.userId, "projectJoinReminder")).toHaveLength(1);
  });

  it("are not sent for requests answered in time", async () => {
    const now = new Date();
    const admin = await createUser();
    const projectId = await createProject({ admin });
    const requestId = await requestAged(await createUser(), projectId, now, 3 * DAY);
    await decideJoinRequest(admin, projectId, requestId, { isApproved: false });
    await remindWaitingJoinRequests(now);
    expect(await notificationsOf(admin.userId, "projectJoinReminder")).toEqual([]);
  });
});

describe("expiry", () => {
  it("after 14 days a request expires, its requester is told, and they can ask again", async () => {
    const now = new Date();
    const admin = await createUser();
    const projectId = await createProject({ admin, name: "Food Bank Tracker" });
    const requester = await createUser();
    const requestId = await requestAged(requester, projectId, now, 14 * DAY - HOUR);

    await expireJoinRequests(now);
    expect(await statusOf(requestId)).toBe("Pending");
    expect(await notificationsOf(requester.userId, "projectJoinExpired")).toEqual([]);

    const later = new Date(now.getTime() + HOUR);
    await expireJoinRequests(later);
    const row = await db
      .selectFrom("join_requests")
      .select(["status", "decided_at", "decided_by"])
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "Expired", decided_at: later, decided_by: null });
    expect(await notificationsOf(requester.userId, "projectJoinExpired")).toEqual([
      {
        title: "Join request expired",
        message:
          "Your request to join Food Bank Tracker as Developer expired after 14 days without an answer. You can ask again.",
        reason: "you asked to join Food Bank Tracker",
        link: `/project/${projectId}`,
        project_id: projectId,
        data: { projectId, projectName: "Food Bank Tracker", requestId, joinRequestId: requestId },
      },
    ]);
    // Kept, and shown to the requester like a rejection.
    expect(await listMyJoinRequests(requester, projectId, "Expired")).toHaveLength(1);
    const [shown] = (await listMyProjects(requester.userId)).filter((project) => project.projectId === projectId);
    expect(shown).toMatchObject({ projectStatus: "Expired", joinRequest: { requestId, status: "Expired" } });
    // An admin can no longer decide it.
    await expect(decideJoinRequest(admin, projectId, requestId, { isApproved: true })).rejects.toThrow(
      "This request was already expired.",
    );

    // Idempotent, and the slot is free again.
    await expireJoinRequests(new Date(now.getTime() + 2 * DAY));
    expect(await notificationsOf(requester.userId, "projectJoinExpired")).toHaveLength(1);
    const again = await createJoinRequest(requester, projectId, { requestedRole: "Developer" });
    expect(again.status).toBe("Pending");
  });

  it("runs as a durable job in the queue", async () => {
    const projectId = await createProject({ admin: await createUser() });
    const requestId = await requestAged(await createUser(), projectId, new Date(), 15 * DAY);
    await startJobs();
    await enqueue(joinRequestDeadlinesJob.name, {});
    const started = Date.now();
    while ((await statusOf(requestId)) === "Pending" && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await statusOf(requestId)).toBe("Expired");
  });
});

describe("cancelling a request", () => {
  it("only the requester cancels, only while pending; the admins are told", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin, name: "Food Bank Tracker" });
    const member = await createUser();
    await addMember(projectId, member);
    const requester = await createUser({ name: "Rita Requester" });
    const { joinRequestId } = await createJoinRequest(requester, projectId, { requestedRole: "Developer" });

    await expect(cancelJoinRequest(admin, projectId, joinRequestId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(cancelJoinRequest(await createUser(), projectId, joinRequestId)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const otherProject = await createProject();
    await expect(cancelJoinRequest(requester, otherProject, joinRequestId)).rejects.toBeInstanceOf(NotFoundError);

    const cancelled = await cancelJoinRequest(requester, projectId, joinRequestId);
    expect(cancelled.status).toBe("Cancelled");
    expect(await notificationsOf(admin.userId, "projectJoinCancelled")).toEqual([
      {
        title: "Join request cancelled",
        message: "Rita Requester cancelled their request to join Food Bank Tracker as Developer.",
        reason: "you are an admin of Food Bank Tracker",
        link: `/projects/${projectId}/join-requests`,
        project_id: projectId,
        data: { projectId, projectName: "Food Bank Tracker", requestId: joinRequestId, joinRequestId },
      },
    ]);
    expect(await notificationsOf(member.userId, "projectJoinCancelled")).toEqual([]);
    expect(await notificationsOf(requester.userId, "projectJoinCancelled")).toEqual([]);
    await expect(cancelJoinRequest(requester, projectId, joinRequestId)).rejects.toBeInstanceOf(ConflictError);
    // Cancelled requests leave My Projects, and the requester may ask again.
    expect((await listMyProjects(requester.userId)).map((project) => project.projectId)).not.toContain(projectId);
    await createJoinRequest(requester, projectId, { requestedRole: "Developer" });
  });

  it("DELETE /api/projects/{projectId}/join-requests/{requestId}: 204, then 409; others 403, 404, 401, 400", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin });
    const requester = await createUser();
    const { joinRequestId } = await createJoinRequest(requester, projectId, { requestedRole: "Developer" });
    const path = `/api/projects/${projectId}/join-requests/${joinRequestId}`;

    expect((await callApi(path, { method: "DELETE" })).status).toBe(401);
    expect((await callApi(path, { method: "DELETE", user: admin })).status).toBe(403);
    const unknown = `/api/projects/${projectId}/join-requests/${crypto.randomUUID()}`;
    expect((await callApi(unknown, { method: "DELETE", user: requester })).status).toBe(404);
    expect(
      (await callApi(`/api/projects/${projectId}/join-requests/nope`, { method: "DELETE", user: requester })).status,
    ).toBe(400);
    expect((await callApi(path, { method: "GET", user: requester })).status).toBe(405);

    expect((await callApi(path, { method: "DELETE", user: requester })).status).toBe(204);
    const again = await callApi(path, { method: "DELETE", user: requester });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This request was already cancelled.", errors: {} });
  });
});
