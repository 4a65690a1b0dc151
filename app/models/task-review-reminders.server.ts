import { db } from "~/db.server";
import { REVIEW_REMIND_AFTER_DAYS } from "~/schemas/task-review";
import { addNotifications } from "./notification.server";
import { recordSystemTaskEvents } from "./task-event.server";
import { isReviewerRow } from "./task-review.server";

/**
 * A review request nobody claimed for REVIEW_REMIND_AFTER_DAYS reminds the project's mentors and
 * admins, once (`reminded_at`). Takes the time as `now`, so the scheduled job passes the clock and
 * tests pass any moment. Like the join-request reminders, each batch marks its rows with one
 * update (SKIP LOCKED: concurrent runs never take the same row) and writes the notifications and
 * each task's history line (a `review_reminded` event, how many were told) in the same transaction.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 200;

export async function remindUnclaimedReviews(now: Date): Promise<number> {
  const before = new Date(now.getTime() - REVIEW_REMIND_AFTER_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const reminded = await db.transaction().execute(async (trx) => {
      const due = await trx
        .updateTable("task_reviews")
        .set({ reminded_at: now })
        .where("id", "in", (eb) =>
          eb
            .selectFrom("task_reviews")
            .select("id")
            .where("state", "=", "requested")
            .where("reminded_at", "is", null)
            .where("requested_at", "<=", before)
            .orderBy("requested_at")
            .limit(BATCH_SIZE)
            .forUpdate()
            .skipLocked(),
        )
        .returning(["id", "task_id", "requested_by", "round"])
        .execute();
      if (due.length === 0) return 0;
      const taskIds = due.map((review) => review.task_id);
      const [tasks, reviewers] = await Promise.all([
        trx
          .selectFrom("tasks as t")
          .innerJoin("projects as p", "p.id", "t.project_id")
          .select(["t.id", "t.title", "t.project_id", "p.name"])
          .where("t.id", "in", taskIds)
          .execute(),
        trx
          .selectFrom("project_members as pm")
          .innerJoin("users as u", "u.id", "pm.user_id")
          .innerJoin("tasks as t", "t.project_id", "pm.project_id")
          .select(["t.id as task_id", "pm.user_id", "pm.role_in_project", "u.role"])
          .where("t.id", "in", taskIds)
          .where(isReviewerRow)
          .execute(),
      ]);
      const byTask = new Map(tasks.map((task) => [task.id, task]));
      const toRemind = (review: (typeof due)[number]) =>
        reviewers.filter((r) => r.task_id === review.task_id && r.user_id !== review.requested_by);
      await recordSystemTaskEvents(
        trx,
        now,
        due.map((review) => ({
          taskId: review.task_id,
          kind: "review_reminded",
          detail: { round: review.round, days: REVIEW_REMIND_AFTER_DAYS, reminded: toRemind(review).length },
        })),
      );
      await addNotifications(
        trx,
        due.flatMap((review) => {
          const task = byTask.get(review.task_id)!;
          return toRemind(review).map((r) => ({
            userId: r.user_id,
            eventName: "taskReviewReminder" as const,
            title: "Review still waiting",
            message: `"${task.title}" in ${task.name} has waited ${REVIEW_REMIND_AFTER_DAYS} days for a mentor to claim its review.`,
            reason:
              /mentor/i.test(r.role_in_project) || r.role === "mentor"
                ? `you are a mentor of ${task.name}`
                : `you are an admin of ${task.name}`,
            link: `/work/projects/${task.project_id}/tasks/${task.id}`,
            projectId: task.project_id,
            data: {
              projectId: task.project_id,
              projectName: task.name,
              taskId: task.id,
              title: task.title,
              round: review.round,
            },
          }));
        }),
      );
      return due.length;
    });
    total += reminded;
    if (reminded < BATCH_SIZE) return total;
  }
}
