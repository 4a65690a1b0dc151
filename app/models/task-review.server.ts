import { type ExpressionBuilder, sql } from "kysely";
import { type DB, keepPlan } from "#db/connection";
import type { Database, TaskReviewState } from "#db/schema";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import { reviewDecisionSchema, reviewRequestSchema } from "~/schemas/task-review";
import { ConflictError, ForbiddenError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";
import { type ProjectAccess, requireTaskAccess } from "./membership.server";
import { addNotifications, type NewNotification, type NotificationEvent } from "./notification.server";
import { type NewTaskEvent, recordTaskEvents } from "./task-event.server";
import { aboutTask } from "./task-notice.server";
import { utcText } from "~/utils/utc";

/**
 * Mentor review with turn-taking (issue 35): the task's assignee requests a review, one of the
 * project's reviewers claims it (a conditional update, so two never hold the same request),
 * then approves it or asks for changes, which hands the turn back to the assignee. Every step is
 * one transaction writing the round, a task_events row and its notifications.
 *
 * The project's reviewers are its admins and its mentors: members whose role in the project names
 * a mentor (the seed's "Mentor") or whose account role is mentor (spec section 1: mentors guide).
 */
export interface ReviewPerson {
  userId: string | null;
  name: string;
}

export interface ReviewRound {
  reviewId: string;
  round: number;
  state: TaskReviewState;
  requestedBy: ReviewPerson;
  note: string;
  requestedAtUtc: string;
  claimedBy: ReviewPerson | null;
  claimedAtUtc: string | null;
  decidedBy: ReviewPerson | null;
  decisionComment: string;
  decidedAtUtc: string | null;
}

export const OPEN_REVIEW_STATES = ["requested", "claimed"] as const satisfies readonly TaskReviewState[];

type MembersEB = ExpressionBuilder<Database & { pm: Database["project_members"]; u: Database["users"] }, "pm" | "u">;

/** Whether a project member (pm, with their user u) may review: an admin or a mentor. */
export function isReviewerRow(eb: MembersEB) {
  return eb.or([
    eb("pm.is_admin", "=", true),
    eb("pm.role_in_project", "ilike", "%mentor%"),
    eb("u.role", "=", "mentor"),
  ]);
}

/** The same rule for the acting member. */
export function isReviewer(access: ProjectAccess): boolean {
  return access.isAdmin || /mentor/i.test(access.roleInProject) || access.actor.role === "mentor";
}

const person = (id: string | null, name: string | null, gone: string): ReviewPerson => ({
  userId: id,
  name: name || (id ? "A member" : gone),
});

/** Every round of a task's review, newest first, with the people's names: one query. */
export async function listReviewRounds(executor: DB, taskId: string): Promise<ReviewRound[]> {
  const rows = await executor
    .selectFrom("task_reviews as r")
    .leftJoin("users as rq", "rq.id", "r.requested_by")
    .leftJoin("users as cl", "cl.id", "r.claimed_by")
    .leftJoin("users as dc", "dc.id", "r.decided_by")
    .select([
      "r.id",
      "r.round",
      "r.state",
      "r.requested_by",
      "rq.full_name as requester_name",
      "r.request_note",
      "r.requested_at",
      "r.claimed_by",
      "cl.full_name as claimer_name",
      "r.claimed_at",
      "r.decided_by",
      "dc.full_name as decider_name",
      "r.decision_comment",
      "r.decided_at",
    ])
    .where("r.task_id", "=", taskId)
    .orderBy("r.round", "desc")
    .modifyEnd(keepPlan)
    .execute();
  return rows.map((row) => ({
    reviewId: row.id,
    round: row.round,
    state: row.state,
    requestedBy: person(row.requested_by, row.requester_name, "Someone who left"),
    note: row.request_note,
    requestedAtUtc: utcText(row.requested_at),
    claimedBy: row.claimed_by ? person(row.claimed_by, row.claimer_name, "Someone who left") : null,
    claimedAtUtc: utcText(row.claimed_at),
    decidedBy: row.decided_by ? person(row.decided_by, row.decider_name, "Someone who left") : null,
    decisionComment: row.decision_comment,
    decidedAtUtc: utcText(row.decided_at),
  }));
}

/** A task's review rounds for the API: members of its project only. */
export async function getTaskReviews(actor: CurrentUser, taskId: string): Promise<ReviewRound[]> {
  await requireTaskAccess(db, actor, taskId);
  return listReviewRounds(db, taskId);
}

/** What the viewer may do about the review now (the functions below decide the same). */
export interface ReviewRights {
  canRequest: boolean;
  canClaim: boolean;
  canRelease: boolean;
  canDecide: boolean;
  /** An admin may mark the task done over an open review. */
  canOverride: boolean;
  isReviewer: boolean;
}

export function reviewRights(
  access: ProjectAccess,
  task: { assigneeId: string | null; status: string },
  latest: ReviewRound | null,
): ReviewRights {
  const me = access.actor.userId;
  const open = latest !== null && (OPEN_REVIEW_STATES as readonly string[]).includes(latest.state);
  const reviewer = isReviewer(access);
  return {
    canRequest: task.assigneeId === me && !open && task.status !== "Done",
    canClaim: reviewer && latest?.state === "requested" && latest.requestedBy.userId !== me,
    canRelease: latest?.state === "claimed" && latest.claimedBy?.userId === me,
    canDecide: latest?.state === "claimed" && latest.claimedBy?.userId === me,
    canOverride: access.isAdmin && open && task.status !== "Done",
    isReviewer: reviewer,
  };
}

interface TaskFacts {
  title: string;
  status: string;
  assignee_id: string | null;
}

/** Locks the task row for the step, so steps on one task take turns. */
function lockTask(trx: DB, taskId: string): Promise<TaskFacts> {
  return trx
    .selectFrom("tasks")
    .select(["title", "status", "assignee_id"])
    .where("id", "=", taskId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

async function openRound(trx: DB, taskId: string) {
  return trx
    .selectFrom("task_reviews as r")
    .leftJoin("users as u", "u.id", "r.claimed_by")
    .select(["r.id", "r.round", "r.state", "r.requested_by", "r.claimed_by", "u.full_name as claimer_name"])
    .where("r.task_id", "=", taskId)
    .where("r.state", "in", OPEN_REVIEW_STATES)
    .executeTakeFirst();
}

/** The project's reviewers (admins and mentors), but `except`. */
async function reviewerIds(trx: DB, projectId: string, except: (string | null)[]) {
  const rows = await trx
    .selectFrom("project_members as pm")
    .innerJoin("users as u", "u.id", "pm.user_id")
    .select(["pm.user_id", "pm.is_admin", "pm.role_in_project", "u.role"])
    .where("pm.project_id", "=", projectId)
    .where(isReviewerRow)
    .execute();
  return rows
    .filter((row) => !except.includes(row.user_id))
    .map((row) => ({
      userId: row.user_id,
      asMentor: /mentor/i.test(row.role_in_project) || row.role === "mentor",
    }));
}

function notice(
  access: ProjectAccess,
  taskId: string,
  title: string,
  eventName: NotificationEvent,
  heading: string,
  message: string,
) {
  return (userId: string, reason: string): NewNotification => ({
    userId,
    eventName,
    title: heading,
    message,
    reason,
    projectId: access.projectId,
    ...aboutTask(access, { taskId, title }),
  });
}

/** Tells the project's reviewers but the actor and `except`. */
async function tellReviewers(
  trx: DB,
  access: ProjectAccess,
  make: (userId: string, reason: string) => NewNotification,
  except: (string | null)[] = [],
) {
  const reviewers = await reviewerIds(trx, access.projectId, [access.actor.userId, ...except]);
  await addNotifications(
    trx,
    reviewers.map((r) =>
      make(
        r.userId,
        r.asMentor ? `you are a mentor of ${access.projectName}` : `you are an admin of ${access.projectName}`,
      ),
    ),
  );
}

/** Tells the person whose task it is (the round's requester), unless they acted themselves. */
async function tellRequester(
  trx: DB,
  access: ProjectAccess,
  requesterId: string | null,
  title: string,
  make: (userId: string, reason: string) => NewNotification,
) {
  if (!requesterId || requesterId === access.actor.userId) return;
  await addNotifications(trx, [make(requesterId, `your task ${title}`)]);
}

async function event(
  trx: DB,
  taskId: string,
  actorId: string,
  kind: NewTaskEvent["kind"],
  detail: Record<string, unknown>,
) {
  await recordTaskEvents(trx, taskId, actorId, [{ kind, detail }]);
}

const who = (access: ProjectAccess) => access.actor.fullName || "Someone";

/** The assignee asks for a review (optionally with a note); the project's reviewers are told. */
export async function requestReview(actor: CurrentUser, taskId: string, input: unknown): Promise<ReviewRound> {
  const { note } = parseOrThrow(reviewRequestSchema, input ?? {});
  await db.transaction().execute(async (trx) => {
    const access = await requireTaskAccess(trx, actor, taskId);
    const task = await lockTask(trx, taskId);
    if (task.assignee_id !== actor.userId) throw new ForbiddenError("Only the task's assignee can request a review.");
    if (task.status === "Done") throw new ConflictError("This task is done already.");
    if (await openRound(trx, taskId)) throw new ConflictError("A review of this task is already open.");
    const last = await trx
      .selectFrom("task_reviews")
      .select(sql<number>`coalesce(max(round), 0)::int`.as("round"))
      .where("task_id", "=", taskId)
      .executeTakeFirstOrThrow();
    const round = last.round + 1;
    await trx
      .insertInto("task_reviews")
      .values({ task_id: taskId, round, requested_by: actor.userId, request_note: note })
      .execute();
    await event(trx, taskId, actor.userId, "review_requested", { round, note: note.slice(0, 200) });
    const again = round > 1 ? " again" : "";
    await tellReviewers(
      trx,
      access,
      notice(
        access,
        taskId,
        task.title,
        "taskReviewRequested",
        "Review requested",
        `${who(access)} asked${again} for a review of "${task.title}" in ${access.projectName}.`,
      ),
    );
  });
  return (await listReviewRounds(db, taskId))[0]!;
}

/**
 * A reviewer takes the waiting request. The update only matches a round still 'requested', so
 * of two reviewers claiming at once one gets it and the other a 409 naming who has it.
 */
export async function claimReview(actor: CurrentUser, taskId: string): Promise<ReviewRound> {
  await db.transaction().execute(async (trx) => {
    const access = await requireTaskAccess(trx, actor, taskId);
    if (!isReviewer(access)) throw new ForbiddenError("Only the project's mentors and admins can review tasks.");
    const task = await lockTask(trx, taskId);
    const open = await openRound(trx, taskId);
    if (!open) throw new ConflictError("No review of this task is waiting.");
    if (open.requested_by === actor.userId) throw new ForbiddenError("You cannot review your own request.");
    const claimed = await trx
      .updateTable("task_reviews")
      .set({ state: "claimed", claimed_by: actor.userId, claimed_at: new Date() })
      .where("id", "=", open.id)
      .where("state", "=", "requested")
      .returning(["round", "requested_by"])
      .executeTakeFirst();
    if (!claimed) {
      const holder = await openRound(trx, taskId);
      if (holder?.claimed_by === actor.userId) throw new ConflictError("You have claimed this review already.");
      if (holder?.state === "claimed") {
        throw new ConflictError(`Already claimed by ${holder.claimer_name || "another reviewer"}.`);
      }
      throw new ConflictError("No review of this task is waiting.");
    }
    await event(trx, taskId, actor.userId, "review_claimed", { round: claimed.round });
    await tellRequester(
      trx,
      access,
      claimed.requested_by,
      task.title,
      notice(
        access,
        taskId,
        task.title,
        "taskReviewClaimed",
        "Review under way",
        `${who(access)} is reviewing "${task.title}" in ${access.projectName}.`,
      ),
    );
  });
  return (await listReviewRounds(db, taskId))[0]!;
}

/** Errors for a step only the round's claimer may take. */
async function refuseUnlessClaimer(trx: DB, taskId: string, actorId: string, step: string): Promise<never> {
  const open = await openRound(trx, taskId);
  if (open?.state === "claimed" && open.claimed_by !== actorId) {
    throw new ForbiddenError(`Only ${open.claimer_name || "the reviewer who claimed it"} can ${step} this review.`);
  }
  throw new ConflictError(open ? "Claim this review first." : "No review of this task is open.");
}

/** The claimer hands the request back to the reviewers (it waits for a mentor again). */
export async function releaseReview(actor: CurrentUser, taskId: string): Promise<ReviewRound> {
  await db.transaction().execute(async (trx) => {
    const access = await requireTaskAccess(trx, actor, taskId);
    // The task row first, in every step and in the done guard: one lock order, no deadlock.
    const task = await lockTask(trx, taskId);
    const released = await trx
      .updateTable("task_reviews")
      .set({ state: "requested", claimed_by: null, claimed_at: null })
      .where("task_id", "=", taskId)
      .where("state", "=", "claimed")
      .where("claimed_by", "=", actor.userId)
      .returning(["round", "requested_by"])
      .executeTakeFirst();
    if (!released) return refuseUnlessClaimer(trx, taskId, actor.userId, "release");
    await event(trx, taskId, actor.userId, "review_released", { round: released.round });
    const message = `${who(access)} released the review of "${task.title}" in ${access.projectName}; it waits for a mentor again.`;
    const make = notice(access, taskId, task.title, "taskReviewReleased", "Review waiting again", message);
    await tellRequester(trx, access, released.requested_by, task.title, make);
    await tellReviewers(trx, access, make, [released.requested_by]);
  });
  return (await listReviewRounds(db, taskId))[0]!;
}

/**
 * The claimer approves the work or asks for changes (with a comment), which hands the turn back
 * to the assignee; the requester is told either way.
 */
export async function decideReview(actor: CurrentUser, taskId: string, input: unknown): Promise<ReviewRound> {
  const { decision, comment } = parseOrThrow(reviewDecisionSchema, input);
  const state = decision === "approve" ? "approved" : "changes_requested";
  await db.transaction().execute(async (trx) => {
    const access = await requireTaskAccess(trx, actor, taskId);
    const task = await lockTask(trx, taskId);
    const decided = await trx
      .updateTable("task_reviews")
      .set({ state, decided_by: actor.userId, decided_at: new Date(), decision_comment: comment })
      .where("task_id", "=", taskId)
      .where("state", "=", "claimed")
      .where("claimed_by", "=", actor.userId)
      .returning(["round", "requested_by"])
      .executeTakeFirst();
    if (!decided) return refuseUnlessClaimer(trx, taskId, actor.userId, "decide");
    await event(trx, taskId, actor.userId, state === "approved" ? "review_approved" : "changes_requested", {
      round: decided.round,
      comment: comment.slice(0, 200),
    });
    const message =
      state === "approved"
        ? `${who(access)} approved "${task.title}" in ${access.projectName}.`
        : `${who(access)} asked for changes to "${task.title}" in ${access.projectName}: it is your turn.`;
    await tellRequester(
      trx,
      access,
      decided.requested_by,
      task.title,
      notice(
        access,
        taskId,
        task.title,
        state === "approved" ? "taskReviewApproved" : "taskChangesRequested",
        state === "approved" ? "Review approved" : "Changes requested",
        message,
      ),
    );
  });
  return (await listReviewRounds(db, taskId))[0]!;
}

export const OPEN_REVIEW_BLOCKS_DONE =
  "This task has an open review: it can be marked done once the review is approved.";

/**
 * The done guard, in the status change's transaction: a task with an open review (requested or
 * claimed) is not marked done, unless an admin overrides; the override closes the round and is
 * an event of its own, and the requester and the claimer are told.
 */
export async function guardDoneAgainstReview(
  trx: DB,
  access: ProjectAccess,
  task: { taskId: string; title: string },
  override: boolean,
): Promise<void> {
  const open = await trx
    .selectFrom("task_reviews")
    .select(["id", "round", "state", "requested_by", "claimed_by"])
    .where("task_id", "=", task.taskId)
    .where("state", "in", OPEN_REVIEW_STATES)
    .forUpdate()
    .executeTakeFirst();
  if (!open) return;
  if (!override) {
    throw new ConflictError(
      access.isAdmin ? `${OPEN_REVIEW_BLOCKS_DONE} As an admin you can mark it done anyway.` : OPEN_REVIEW_BLOCKS_DONE,
    );
  }
  if (!access.isAdmin) throw new ForbiddenError("Only a project admin can mark a task done over an open review.");
  await trx
    .updateTable("task_reviews")
    .set({ state: "overridden", decided_by: access.actor.userId, decided_at: new Date() })
    .where("id", "=", open.id)
    .execute();
  await event(trx, task.taskId, access.actor.userId, "done_override", { round: open.round, reviewState: open.state });
  const make = notice(
    access,
    task.taskId,
    task.title,
    "taskDoneOverride",
    "Marked done over a review",
    `${who(access)} marked "${task.title}" done in ${access.projectName} while its review was open (admin override).`,
  );
  await tellRequester(trx, access, open.requested_by, task.title, make);
  if (open.claimed_by && open.claimed_by !== access.actor.userId && open.claimed_by !== open.requested_by) {
    await addNotifications(trx, [make(open.claimed_by, `you were reviewing ${task.title}`)]);
  }
}
