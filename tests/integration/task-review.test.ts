import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { enqueue, startJobs, stopJobs } from "~/jobs/queue.server";
import { reviewRemindersJob } from "~/jobs/review-reminders.server";
import { listTaskEvents } from "~/models/task-event.server";
import { remindUnclaimedReviews } from "~/models/task-review-reminders.server";
import { claimReview, decideReview, getTaskReviews, releaseReview, requestReview } from "~/models/task-review.server";
import { assignTask, createTask, getTask, setTaskStatus, updateTask } from "~/models/task.server";
import { reviewCounts } from "~/models/review-inbox.server";
import { CHANGES_NEED_COMMENT } from "~/schemas/task-review";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors.server";
import { callApi } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/**
 * Mentor review with turn-taking (issue 35): who may request, claim, release and decide; whose
 * turn it is; the done guard and the admin's override; the reminder of unclaimed requests.
 */
const DAY = 86_400_000;

async function team(name = "Review Garden") {
  const admin = await createUser({ name: "Ada Admin" });
  const projectId = await createProject({ admin, name });
  const assignee = await createUser({ name: "Gus Gainer" });
  const mentor = await createUser({ name: "Ana Mentor" });
  const mentor2 = await createUser({ name: "Ben Mentor" });
  // One mentor by their role in the project, the other by their account's role.
  const accountMentor = await createUser({ name: "Cy Coach", role: "mentor" });
  const member = await createUser({ name: "Mo Member" });
  await addMember(projectId, assignee);
  await addMember(projectId, mentor, { role: "Mentor" });
  await addMember(projectId, mentor2, { role: "Mentor" });
  await addMember(projectId, accountMentor, { role: "Developer" });
  await addMember(projectId, member);
  const outsider = await createUser({ name: "Otto Outsider", role: "mentor" });
  const task = await createTask(admin, projectId, { title: "Write the README", assigneeId: assignee.userId });
  return { admin, projectId, assignee, mentor, mentor2, accountMentor, member, outsider, taskId: task.taskId };
}

async function notificationsOf(userId: string, eventName?: string) {
  return db
    .selectFrom("notifications")
    .select(["event_name", "title", "message", "reason", "link"])
    .where("user_id", "=", userId)
    .$if(eventName !== undefined, (q) => q.where("event_name", "=", eventName!))
    .orderBy("seq")
    .execute();
}

const kinds = async (actor: Parameters<typeof listTaskEvents>[0], taskId: string) =>
  (await listTaskEvents(actor, taskId, { page: 1, pageSize: 50 })).items
    .map((e) => `${e.kind}: ${e.summary}`)
    .reverse();

describe("requesting a review", () => {
  it("is the assignee's alone, once at a time, not on a done task; mentors and admins are told", async () => {
    const { admin, assignee, mentor, mentor2, accountMentor, member, outsider, projectId, taskId } = await team();
    await expect(requestReview(member, taskId, {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(requestReview(admin, taskId, {})).rejects.toThrow("Only the task's assignee can request a review.");
    await expect(requestReview(outsider, taskId, {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(requestReview(assignee, crypto.randomUUID(), {})).rejects.toBeInstanceOf(NotFoundError);
    await expect(requestReview(assignee, taskId, { note: "x".repeat(2001) })).rejects.toBeInstanceOf(ValidationError);

    const round = await requestReview(assignee, taskId, { note: "  Ready for a look  " });
    expect(round).toMatchObject({ round: 1, state: "requested", note: "Ready for a look", claimedBy: null });
    expect(round.requestedBy).toEqual({ userId: assignee.userId, name: "Gus Gainer" });
    await expect(requestReview(assignee, taskId, {})).rejects.toThrow("A review of this task is already open.");

    for (const [who, reason] of [
      [mentor, "you are a mentor of Review Garden"],
      [mentor2, "you are a mentor of Review Garden"],
      [accountMentor, "you are a mentor of Review Garden"],
      [admin, "you are an admin of Review Garden"],
    ] as const) {
      expect(await notificationsOf(who.userId, "taskReviewRequested")).toEqual([
        {
          event_name: "taskReviewRequested",
          title: "Review requested",
          message: 'Gus Gainer asked for a review of "Write the README" in Review Garden.',
          reason,
          link: `/work/projects/${projectId}/tasks/${taskId}`,
        },
      ]);
    }
    expect(await notificationsOf(member.userId, "taskReviewRequested")).toEqual([]);
    expect(await notificationsOf(assignee.userId, "taskReviewRequested")).toEqual([]);

    const done = await createTask(admin, projectId, { title: "Done already", assigneeId: assignee.userId });
    await setTaskStatus(assignee, done.taskId, { status: "Done" });
    await expect(requestReview(assignee, done.taskId, {})).rejects.toThrow("This task is done already.");
  });
});

describe("claiming", () => {
  it("is for mentors and admins; the second claim gets 409 naming the claimer; the requester is told", async () => {
    const { admin, assignee, mentor, mentor2, accountMentor, member, outsider, taskId } = await team();
    await expect(claimReview(mentor, taskId)).rejects.toThrow("No review of this task is waiting.");
    await requestReview(assignee, taskId, {});

    await expect(claimReview(member, taskId)).rejects.toThrow(
      "Only the project's mentors and admins can review tasks.",
    );
    await expect(claimReview(assignee, taskId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(claimReview(outsider, taskId)).rejects.toBeInstanceOf(ForbiddenError);

    const claimed = await claimReview(mentor, taskId);
    expect(claimed).toMatchObject({ state: "claimed", claimedBy: { userId: mentor.userId, name: "Ana Mentor" } });
    for (const other of [mentor2, accountMentor, admin]) {
      const refused = await claimReview(other, taskId).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as ConflictError).message).toBe("Already claimed by Ana Mentor.");
      expect((refused as ConflictError).status).toBe(409);
    }
    await expect(claimReview(mentor, taskId)).rejects.toThrow("You have claimed this review already.");
    expect(await notificationsOf(assignee.userId, "taskReviewClaimed")).toEqual([
      expect.objectContaining({
        message: 'Ana Mentor is reviewing "Write the README" in Review Garden.',
        reason: "your task Write the README",
      }),
    ]);
  });

  it("of two reviewers claiming at the same moment, exactly one gets it", async () => {
    const { assignee, mentor, mentor2, accountMentor, taskId } = await team();
    await requestReview(assignee, taskId, {});
    const results = await Promise.allSettled([mentor, mentor2, accountMentor].map((m) => claimReview(m, taskId)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusals).toHaveLength(2);
    for (const refusal of refusals) expect(String(refusal.reason.message)).toMatch(/^Already claimed by /);
    const rows = await db
      .selectFrom("task_reviews")
      .select(["state", "claimed_by"])
      .where("task_id", "=", taskId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe("claimed");
  });

  it("a mentor who is the assignee cannot review their own request", async () => {
    const { admin, projectId, mentor } = await team();
    const own = await createTask(admin, projectId, { title: "Mentor's own", assigneeId: mentor.userId });
    await requestReview(mentor, own.taskId, {});
    await expect(claimReview(mentor, own.taskId)).rejects.toThrow("You cannot review your own request.");
  });
});

describe("releasing", () => {
  it("is the claimer's; the request waits for a mentor again and another may claim it", async () => {
    const { admin, assignee, mentor, mentor2, taskId } = await team();
    await requestReview(assignee, taskId, {});
    await expect(releaseReview(mentor, taskId)).rejects.toThrow("Claim this review first.");
    await claimReview(mentor, taskId);
    await expect(releaseReview(mentor2, taskId)).rejects.toThrow("Only Ana Mentor can release this review.");
    await expect(releaseReview(admin, taskId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(releaseReview(assignee, taskId)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await releaseReview(mentor, taskId)).toMatchObject({ state: "requested", claimedBy: null });
    expect(await claimReview(mentor2, taskId)).toMatchObject({ claimedBy: { name: "Ben Mentor" } });
    expect(await notificationsOf(assignee.userId, "taskReviewReleased")).toHaveLength(1);
    expect((await notificationsOf(mentor2.userId, "taskReviewReleased"))[0]?.reason).toBe(
      "you are a mentor of Review Garden",
    );
  });
});

describe("deciding", () => {
  it("is the claimer's; changes need a comment and hand the turn back; the assignee answers and asks again", async () => {
    const { admin, assignee, mentor, mentor2, projectId, taskId } = await team();
    await requestReview(assignee, taskId, { note: "First try" });
    await expect(decideReview(mentor, taskId, { decision: "approve" })).rejects.toThrow("Claim this review first.");
    await claimReview(mentor, taskId);
    await expect(decideReview(mentor2, taskId, { decision: "approve" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(decideReview(admin, taskId, { decision: "approve" })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(decideReview(mentor, taskId, { decision: "changes", comment: "   " })).rejects.toThrow(
      CHANGES_NEED_COMMENT,
    );
    await expect(decideReview(mentor, taskId, { decision: "maybe" })).rejects.toBeInstanceOf(ValidationError);

    const changes = await decideReview(mentor, taskId, { decision: "changes", comment: "Add an install section." });
    expect(changes).toMatchObject({ state: "changes_requested", decisionComment: "Add an install section." });
    expect(await notificationsOf(assignee.userId, "taskChangesRequested")).toEqual([
      expect.objectContaining({
        title: "Changes requested",
        message: 'Ana Mentor asked for changes to "Write the README" in Review Garden: it is your turn.',
        reason: "your task Write the README",
      }),
    ]);
    // The turn is the assignee's: mentors see nothing waiting, the assignee one task back.
    expect(await reviewCounts(assignee.userId)).toEqual({ waitingForYou: 0, backToYou: 1 });
    expect(await reviewCounts(mentor.userId)).toEqual({ waitingForYou: 0, backToYou: 0 });
    await expect(claimReview(mentor2, taskId)).rejects.toThrow("No review of this task is waiting.");

    const second = await requestReview(assignee, taskId, { note: "Added it" });
    expect(second).toMatchObject({ round: 2, state: "requested" });
    expect(await reviewCounts(assignee.userId)).toEqual({ waitingForYou: 0, backToYou: 0 });
    expect(await reviewCounts(mentor.userId)).toEqual({ waitingForYou: 1, backToYou: 0 });
    expect(await reviewCounts(admin.userId)).toEqual({ waitingForYou: 1, backToYou: 0 });
    await claimReview(mentor, taskId);
    // Claimed: it waits for its claimer only.
    expect(await reviewCounts(mentor.userId)).toEqual({ waitingForYou: 1, backToYou: 0 });
    expect(await reviewCounts(mentor2.userId)).toEqual({ waitingForYou: 0, backToYou: 0 });
    await decideReview(mentor, taskId, { decision: "approve", comment: "" });
    expect(await reviewCounts(mentor.userId)).toEqual({ waitingForYou: 0, backToYou: 0 });

    const rounds = await getTaskReviews(assignee, taskId);
    expect(rounds.map((r) => [r.round, r.state, r.note])).toEqual([
      [2, "approved", "Added it"],
      [1, "changes_requested", "First try"],
    ]);
    expect(await kinds(assignee, taskId)).toEqual([
      "created: created the task",
      "assigned: assigned it to Gus Gainer",
      "review_requested: requested a review",
      "review_claimed: claimed the review",
      'changes_requested: asked for changes: "Add an install section."',
      "review_requested: requested a review again (round 2)",
      "review_claimed: claimed the review",
      "review_approved: approved the review",
    ]);
    expect(await notificationsOf(assignee.userId, "taskReviewApproved")).toHaveLength(1);
    // Approved, the task may be done.
    await setTaskStatus(assignee, taskId, { status: "Done" });
    expect((await getTask(assignee, taskId)).status).toBe("Done");
    await expect(getTaskReviews((await team()).outsider, taskId)).rejects.toBeInstanceOf(ForbiddenError);
    expect(projectId).toBeTruthy();
  });
});

describe("the done guard", () => {
  it("refuses done while a review is open; an admin may override, which closes the round and is recorded", async () => {
    const { admin, assignee, mentor, member, taskId } = await team();
    await requestReview(assignee, taskId, {});
    await expect(setTaskStatus(assignee, taskId, { status: "Done" })).rejects.toThrow(
      "This task has an open review: it can be marked done once the review is approved.",
    );
    await expect(updateTask(member, taskId, { status: "Done", overrideReview: true })).rejects.toThrow(
      "Only a project admin can mark a task done over an open review.",
    );
    await claimReview(mentor, taskId);
    const refused = await setTaskStatus(admin, taskId, { status: "Done" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as Error).message).toMatch(/As an admin you can mark it done anyway\.$/);
    // Other moves are free.
    await setTaskStatus(assignee, taskId, { status: "InProgress" });

    await setTaskStatus(admin, taskId, { status: "Done", overrideReview: "true" });
    expect((await getTask(admin, taskId)).status).toBe("Done");
    const [latest] = await getTaskReviews(admin, taskId);
    expect(latest).toMatchObject({ state: "overridden", decidedBy: { name: "Ada Admin" } });
    const history = await kinds(admin, taskId);
    expect(history.slice(-2)).toEqual([
      "done_override: marked it done while its review was open (admin override)",
      "status: moved it from In Progress to Completed",
    ]);
    expect((await notificationsOf(assignee.userId, "taskDoneOverride"))[0]?.reason).toBe("your task Write the README");
    expect((await notificationsOf(mentor.userId, "taskDoneOverride"))[0]?.reason).toBe(
      "you were reviewing Write the README",
    );
    // A reassigned task: the new assignee requests the next review.
    await setTaskStatus(admin, taskId, { status: "Todo" });
    await assignTask(admin, taskId, { assigneeId: member.userId });
    await expect(requestReview(assignee, taskId, {})).rejects.toBeInstanceOf(ForbiddenError);
    expect(await requestReview(member, taskId, {})).toMatchObject({ round: 2 });
  });
});

describe("the reminder of unclaimed requests", () => {
  const age = (taskId: string, days: number) =>
    sql`update task_reviews set requested_at = now() - make_interval(days => ${days}) where task_id = ${taskId}`.execute(
      db,
    );

  it("reminds the mentors and admins once after two days, not for claimed ones", async () => {
    const { admin, assignee, mentor, mentor2, projectId, taskId } = await team("Reminder Garden");
    const claimedTask = await createTask(admin, projectId, { title: "Claimed one", assigneeId: assignee.userId });
    await requestReview(assignee, taskId, {});
    await requestReview(assignee, claimedTask.taskId, {});
    await claimReview(mentor2, claimedTask.taskId);
    await age(taskId, 1);
    await age(claimedTask.taskId, 5);
    const now = new Date();
    await remindUnclaimedReviews(now);
    expect(await notificationsOf(mentor.userId, "taskReviewReminder")).toEqual([]);

    await remindUnclaimedReviews(new Date(now.getTime() + DAY + 60_000));
    const told = await notificationsOf(mentor.userId, "taskReviewReminder");
    expect(told).toEqual([
      expect.objectContaining({
        title: "Review still waiting",
        message: '"Write the README" in Reminder Garden has waited 2 days for a mentor to claim its review.',
        reason: "you are a mentor of Reminder Garden",
      }),
    ]);
    expect((await notificationsOf(admin.userId, "taskReviewReminder"))[0]?.reason).toBe(
      "you are an admin of Reminder Garden",
    );
    expect(await notificationsOf(assignee.userId, "taskReviewReminder")).toEqual([]);
    // Once only.
    await remindUnclaimedReviews(new Date(now.getTime() + 5 * DAY));
    expect(await notificationsOf(mentor.userId, "taskReviewReminder")).toHaveLength(1);
  });

  it("writes the reminder into the task's history once, as the product's own line, at the reminder's time", async () => {
    const { admin, assignee, mentor, projectId, taskId } = await team("History Garden");
    const claimedTask = await createTask(admin, projectId, { title: "Claimed one", assigneeId: assignee.userId });
    await requestReview(assignee, taskId, {});
    await requestReview(assignee, claimedTask.taskId, {});
    await claimReview(mentor, claimedTask.taskId);
    await age(taskId, 3);
    await age(claimedTask.taskId, 3);
    const at = new Date(Date.now() + 60_000);
    await remindUnclaimedReviews(at);
    await remindUnclaimedReviews(new Date(at.getTime() + DAY));

    expect((await kinds(assignee, taskId)).slice(2)).toEqual([
      "review_requested: requested a review",
      "review_reminded: Mentors were reminded of the review request, unclaimed for 2 days",
    ]);
    const [reminder] = (await listTaskEvents(mentor, taskId, { page: 1, pageSize: 1 })).items;
    expect(reminder).toMatchObject({
      kind: "review_reminded",
      actorUserId: null,
      actorName: null,
      detail: { round: 1, days: 2, reminded: 4 },
      createdAtUtc: at.toISOString(),
    });
    // The API answers the same line (and the contract allows its missing actor).
    const api = await callApi(`/api/tasks/${taskId}/events?pageSize=1`, { user: assignee });
    expect(await api.json()).toMatchObject([{ kind: "review_reminded", actorName: null, summary: reminder!.summary }]);
    // Four reviewers told: the two mentors by project role, the account mentor and the admin.
    const told = await db
      .selectFrom("notifications")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("event_name", "=", "taskReviewReminder")
      .where("link", "like", `%${taskId}`)
      .executeTakeFirstOrThrow();
    expect(told.n).toBe(4);
    // A claimed request is no reminder's.
    expect((await kinds(assignee, claimedTask.taskId)).slice(2)).toEqual([
      "review_requested: requested a review",
      "review_claimed: claimed the review",
    ]);
  });

  it("says so when nobody else could be reminded", async () => {
    const lone = await createUser({ name: "Lou Lone" });
    const projectId = await createProject({ admin: lone, name: "Lone Garden" });
    const { taskId } = await createTask(lone, projectId, { title: "Self review", assigneeId: lone.userId });
    await requestReview(lone, taskId, {});
    await age(taskId, 3);
    await remindUnclaimedReviews(new Date());
    expect((await kinds(lone, taskId)).at(-1)).toBe(
      "review_reminded: The review request has waited 2 days, with no other mentor or admin to remind",
    );
  });

  describe("as a durable job", () => {
    afterAll(async () => {
      await stopJobs();
    });
    it("runs in the queue", async () => {
      const { assignee, mentor, taskId } = await team("Job Garden");
      await requestReview(assignee, taskId, {});
      await age(taskId, 3);
      await startJobs();
      await enqueue(reviewRemindersJob.name, {});
      const started = Date.now();
      while (
        (await notificationsOf(mentor.userId, "taskReviewReminder")).length === 0 &&
        Date.now() - started < 30_000
      ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await notificationsOf(mentor.userId, "taskReviewReminder")).toHaveLength(1);
      // The job's run writes the task's history line too.
      expect((await kinds(assignee, taskId)).at(-1)).toBe(
        "review_reminded: Mentors were reminded of the review request, unclaimed for 2 days",
      );
    });
  });
});
