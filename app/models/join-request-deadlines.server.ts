import type { DB } from "#db/connection";
import { db } from "~/db.server";
import { EXPIRE_AFTER_DAYS } from "~/utils/join-request-outcome";
import { addNotifications, type NewNotification } from "./notification.server";

/**
 * The join response contract's deadlines (issue 13): a request nobody answered for 2 days reminds
 * the project's admins once; one nobody answered for 14 days expires into a state of its own and
 * the requester is told, which frees their one-pending-request slot so they can ask again.
 * Both take the time as `now`, so the scheduled job passes the clock and tests pass any moment.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const REMIND_AFTER_DAYS = 2;
export { EXPIRE_AFTER_DAYS };
/** Requests handled per transaction: a long backlog never holds one huge transaction. */
const BATCH_SIZE = 200;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

interface DueRequest {
  id: string;
  project_id: string;
  user_id: string;
  requested_role: string;
}

/** Which pending requests a deadline takes, and what taking one writes on it. */
interface Deadline {
  /** Requests made at or before this moment are due. */
  madeBefore: Date;
  /** Only requests no admin was reminded of yet. */
  unremindedOnly: boolean;
  /** Written on each claimed request, so that it no longer matches. */
  set: { reminded_at: Date } | { status: "Expired"; decided_at: Date };
}

const claimedColumns = ["id", "project_id", "user_id", "requested_role"] as const;

/** Claims up to BATCH_SIZE due requests, oldest first, skipping rows another run holds. */
function claimBatch(trx: DB, deadline: Deadline): Promise<DueRequest[]> {
  return trx
    .updateTable("join_requests")
    .set(deadline.set)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("join_requests")
        .select("id")
        .where("status", "=", "Pending")
        .$if(deadline.unremindedOnly, (query) => query.where("reminded_at", "is", null))
        .where("created_at", "<=", deadline.madeBefore)
        .orderBy("created_at")
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked(),
    )
    .returning(claimedColumns)
    .execute();
}

/**
 * Claims due requests a batch at a time and, in the same transaction, writes the notifications
 * `notify` words for them. Claimed rows no longer match, so a second run finds nothing and
 * concurrent runs (SKIP LOCKED) never claim the same row twice.
 */
async function processInBatches(
  deadline: Deadline,
  notify: (due: DueRequest, context: RequestContext) => NewNotification[],
): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const due = await claimBatch(trx, deadline);
      if (due.length === 0) return 0;
      const contexts = await requestContexts(trx, due);
      await addNotifications(
        trx,
        due.flatMap((request) => notify(request, contexts.get(request.id)!)),
      );
      return due.length;
    });
    total += claimed;
    if (claimed < BATCH_SIZE) return total;
  }
}

interface RequestContext {
  projectName: string;
  requesterName: string;
  adminIds: string[];
}

/** Project names, requester names and project admins for a batch, in two queries. */
async function requestContexts(trx: DB, due: DueRequest[]) {
  const ids = due.map((request) => request.id);
  const projectIds = [...new Set(due.map((request) => request.project_id))];
  const [rows, admins] = await Promise.all([
    trx
      .selectFrom("join_requests as r")
      .innerJoin("projects as p", "p.id", "r.project_id")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select(["r.id", "p.name", "u.full_name"])
      .where("r.id", "in", ids)
      .execute(),
    trx
      .selectFrom("project_members")
      .select(["project_id", "user_id"])
      .where("project_id", "in", projectIds)
      .where("is_admin", "=", true)
      .execute(),
  ]);
  const byRequest = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    due.map((request) => [
      request.id,
      {
        projectName: byRequest.get(request.id)?.name ?? "the project",
        requesterName: byRequest.get(request.id)?.full_name || "Someone",
        adminIds: admins.filter((admin) => admin.project_id === request.project_id).map((admin) => admin.user_id),
      } satisfies RequestContext,
    ]),
  );
}

/** Reminds admins, once per request, of requests waiting REMIND_AFTER_DAYS; returns how many. */
export function remindWaitingJoinRequests(now: Date): Promise<number> {
  return processInBatches(
    { madeBefore: daysBefore(now, REMIND_AFTER_DAYS), unremindedOnly: true, set: { reminded_at: now } },
    (request, { projectName, requesterName, adminIds }) =>
      adminIds.map((userId) => ({
        userId,
        eventName: "projectJoinReminder",
        title: "Join request waiting",
        message: `${requesterName} has waited ${REMIND_AFTER_DAYS} days for an answer to their request to join ${projectName} as ${request.requested_role}.`,
        reason: `you are an admin of ${projectName}`,
        link: `/projects/${request.project_id}/join-requests`,
        projectId: request.project_id,
        data: { projectId: request.project_id, projectName, requestId: request.id, joinRequestId: request.id },
      })),
  );
}

/** Expires requests nobody answered for EXPIRE_AFTER_DAYS and tells each requester; returns how many. */
export function expireJoinRequests(now: Date): Promise<number> {
  return processInBatches(
    {
      madeBefore: daysBefore(now, EXPIRE_AFTER_DAYS),
      unremindedOnly: false,
      set: { status: "Expired", decided_at: now },
    },
    (request, { projectName }) => [
      {
        userId: request.user_id,
        eventName: "projectJoinExpired",
        title: "Join request expired",
        message: `Your request to join ${projectName} as ${request.requested_role} expired after ${EXPIRE_AFTER_DAYS} days without an answer. You can ask again.`,
        reason: `you asked to join ${projectName}`,
        link: `/project/${request.project_id}`,
        projectId: request.project_id,
        data: { projectId: request.project_id, projectName, requestId: request.id, joinRequestId: request.id },
      },
    ],
  );
}

/** Expiry first, so a request past both deadlines (the job was down) expires without a reminder. */
export async function enforceJoinRequestDeadlines(now: Date): Promise<{ expired: number; reminded: number }> {
  const expired = await expireJoinRequests(now);
  const reminded = await remindWaitingJoinRequests(now);
  return { expired, reminded };
}
