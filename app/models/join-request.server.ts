import { sql } from "kysely";
import type { JoinRequestStatus } from "#db/schema";
import { db } from "~/db.server";
import { awardAchievements } from "~/models/achievement.server";
import type { CurrentUser } from "~/models/user.server";
import { decisionSchema, joinRequestSchema } from "~/schemas/join-request";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { alreadyClosedText } from "~/utils/join-request-outcome";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";
import { getMembership, projectAdminIds, requireProject, requireProjectAdmin } from "./membership.server";
import { addNotifications } from "./notification.server";
import { utcText } from "~/utils/utc";

/**
 * Join requests: a signed-in person asks to join a running project with one of its open roles;
 * a project admin approves (the person becomes a member and takes one open position, in one
 * transaction) or rejects with an optional reason.
 */
export interface JoinRequestView {
  joinRequestId: string;
  projectId: string;
  requesterUserId: string;
  requesterFullName: string;
  requesterEmailAddress: string;
  requestedRole: string;
  message: string;
  status: JoinRequestStatus;
  decisionReason: string | null;
  createdAtUtc: string;
}

export const JOIN_REQUESTS_FORBIDDEN =
  "You do not have permission to view join requests for this project. Only project administrators can access this feature.";

function requestsQuery() {
  return db
    .selectFrom("join_requests as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.project_id",
      "r.user_id",
      "u.full_name",
      "u.email",
      "r.requested_role",
      "r.message",
      "r.status",
      "r.decision_reason",
      "r.created_at",
    ]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>["executeTakeFirstOrThrow"]>>;

function toView(row: RequestRow): JoinRequestView {
  return {
    joinRequestId: row.id,
    projectId: row.project_id,
    requesterUserId: row.user_id,
    requesterFullName: row.full_name,
    requesterEmailAddress: row.email,
    requestedRole: row.requested_role,
    message: row.message,
    status: row.status,
    decisionReason: row.decision_reason,
    createdAtUtc: utcText(row.created_at),
  };
}

export async function createJoinRequest(
  actor: CurrentUser,
  projectId: string,
  /** Parsed here with the form's schema, so screens and API send what they have. */
  input: unknown,
): Promise<JoinRequestView> {
  const { requestedRole, message } = parseOrThrow(joinRequestSchema, input);
  const requestId = await db
    .transaction()
    .execute(async (trx) => {
      const project = await requireProject(trx, projectId);
      if (project.status !== "InProgress") throw new ConflictError("This project is not open for joining.");
      if (await getMembership(trx, projectId, actor.userId)) {
        throw new ConflictError("You are already a member of this project.");
      }
      const role = await trx
        .selectFrom("project_roles")
        .select(["name", "open_positions"])
        .where("project_id", "=", projectId)
        .where("name", "=", requestedRole)
        .executeTakeFirst();
      if (!role || role.open_positions <= 0) {
        throw new ValidationError("Please select a role", { requestedRole: ["Please select one of the open roles."] });
      }
      let id: string;
      try {
        const inserted = await trx
          .insertInto("join_requests")
          .values({ project_id: projectId, user_id: actor.userId, requested_role: role.name, message })
          .returning("id")
          .executeTakeFirstOrThrow();
        id = inserted.id;
      } catch (error) {
        if (isUniqueViolation(error, "join_requests_one_pending_idx")) {
          throw new ConflictError("You already have a pending request for this project.");
        }
        throw error;
      }
      const admins = await projectAdminIds(trx, projectId);
      await addNotifications(
        trx,
        admins.map((userId) => ({
          userId,
          eventName: "projectJoinRequested",
          title: "New join request",
          message: `${actor.fullName || "Someone"} asked to join ${project.name} as ${role.name}.`,
          reason: `you are an admin of ${project.name}`,
          link: `/projects/${projectId}/join-requests`,
          projectId,
          data: { projectId, projectName: project.name, requestId: id, joinRequestId: id },
        })),
      );
      return id;
    })
    .catch((error: unknown) => {
      // A concurrent identical request can lose the race at commit time too.
      if (isUniqueViolation(error, "join_requests_one_pending_idx")) {
        throw new ConflictError("You already have a pending request for this project.");
      }
      throw error;
    });
  return toView(await requestsQuery().where("r.id", "=", requestId).executeTakeFirstOrThrow());
}

/** The caller's own requests for a project, newest first. */
export async function listMyJoinRequests(
  actor: CurrentUser,
  projectId: string,
  status?: JoinRequestStatus,
): Promise<JoinRequestView[]> {
  await requireProject(db, projectId);
  let query = requestsQuery().where("r.project_id", "=", projectId).where("r.user_id", "=", actor.userId);
  if (status) query = query.where("r.status", "=", status);
  return (await query.orderBy("r.created_at", "desc").execute()).map(toView);
}

/** A project's requests, for its admins only. */
export async function listJoinRequests(
  actor: CurrentUser,
  projectId: string,
  status: JoinRequestStatus = "Pending",
): Promise<JoinRequestView[]> {
  await requireProjectAdmin(db, actor, projectId, JOIN_REQUESTS_FORBIDDEN);
  const rows = await requestsQuery()
    .where("r.project_id", "=", projectId)
    .where("r.status", "=", status)
    .orderBy("r.created_at")
    .execute();
  return rows.map(toView);
}

/**
 * Approve or reject. Approval takes one open position of the requested role and adds the member
 * in the same transaction; the position update only succeeds while a position is left, so two
 * approvals racing for the last one cannot both win.
 */
export async function decideJoinRequest(
  actor: CurrentUser,
  projectId: string,
  requestId: string,
  input: unknown,
): Promise<JoinRequestView> {
  const { isApproved, reason } = parseOrThrow(decisionSchema, input);
  await db.transaction().execute(async (trx) => {
    const project = await requireProjectAdmin(trx, actor, projectId, JOIN_REQUESTS_FORBIDDEN);
    const decided = await trx
      .updateTable("join_requests")
      .set({
        status: isApproved ? "Approved" : "Rejected",
        decision_reason: reason ?? null,
        decided_by: actor.userId,
        decided_at: new Date(),
      })
      .where("id", "=", requestId)
      .where("project_id", "=", projectId)
      .where("status", "=", "Pending")
      .returning(["user_id", "requested_role"])
      .executeTakeFirst();
    if (!decided) {
      const exists = await trx
        .selectFrom("join_requests")
        .select("status")
        .where("id", "=", requestId)
        .where("project_id", "=", projectId)
        .executeTakeFirst();
      if (!exists) throw new NotFoundError("Join request not found.");
      throw new ConflictError(`This request was already ${exists.status.toLowerCase()}.`);
    }
    if (isApproved) {
      const taken = await trx
        .updateTable("project_roles")
        .set({ open_positions: sql`open_positions - 1` })
        .where("project_id", "=", projectId)
        .where("name", "=", decided.requested_role)
        .where("open_positions", ">", 0)
        .returning("open_positions")
        .executeTakeFirst();
      if (!taken) throw new ConflictError(`No open position is left for the role ${decided.requested_role}.`);
      await trx
        .insertInto("project_members")
        .values({ project_id: projectId, user_id: decided.user_id, role_in_project: decided.requested_role })
        .onConflict((conflict) => conflict.columns(["project_id", "user_id"]).doNothing())
        .execute();
      await awardAchievements(trx, decided.user_id);
    }
    await awardAchievements(trx, actor.userId);
    await addNotifications(trx, [
      {
        userId: decided.user_id,
        eventName: isApproved ? "projectJoinApproved" : "projectJoinRejected",
        title: isApproved ? "Join request approved" : "Join request rejected",
        message: isApproved
          ? `You joined ${project.name} as ${decided.requested_role}.`
          : `Your request to join ${project.name} was not accepted${reason ? `: ${reason}` : "."}`,
        reason: `you asked to join ${project.name}`,
        link: isApproved ? `/projects/${projectId}/tasks` : `/project/${projectId}`,
        projectId,
        data: {
          projectId,
          projectName: project.name,
          requestId,
          joinRequestId: requestId,
          decisionReason: reason ?? null,
        },
      },
    ]);
  });
  return toView(await requestsQuery().where("r.id", "=", requestId).executeTakeFirstOrThrow());
}

/** A cancel that came after the request was decided (or ended): the screens tell it as news. */
export class JoinRequestClosedError extends ConflictError {
  constructor(readonly outcome: JoinRequestStatus) {
    super(alreadyClosedText(outcome));
  }
}

/**
 * The requester takes back their own pending request (spec event projectJoinCancelled): it is
 * kept as Cancelled, frees the one-pending-request slot, and the project's admins are told.
 */
export async function cancelJoinRequest(
  actor: CurrentUser,
  projectId: string,
  requestId: string,
): Promise<JoinRequestView> {
  await db.transaction().execute(async (trx) => {
    const project = await requireProject(trx, projectId);
    const request = await trx
      .selectFrom("join_requests")
      .select(["user_id", "status", "requested_role"])
      .where("id", "=", requestId)
      .where("project_id", "=", projectId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw new NotFoundError("Join request not found.");
    if (request.user_id !== actor.userId)
      throw new ForbiddenError("Only the person who asked can cancel this request.");
    if (request.status !== "Pending") throw new JoinRequestClosedError(request.status);
    await trx
      .updateTable("join_requests")
      .set({ status: "Cancelled", decided_at: new Date() })
      .where("id", "=", requestId)
      .execute();
    const admins = await projectAdminIds(trx, projectId);
    await addNotifications(
      trx,
      admins.map((userId) => ({
        userId,
        eventName: "projectJoinCancelled",
        title: "Join request cancelled",
        message: `${actor.fullName || "Someone"} cancelled their request to join ${project.name} as ${request.requested_role}.`,
        reason: `you are an admin of ${project.name}`,
        link: `/projects/${projectId}/join-requests`,
        projectId,
        data: { projectId, projectName: project.name, requestId, joinRequestId: requestId },
      })),
    );
  });
  return toView(await requestsQuery().where("r.id", "=", requestId).executeTakeFirstOrThrow());
}
