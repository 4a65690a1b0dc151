import { sql } from "kysely";
import { compiledOnce } from "#db/compiled-once";
import { db, keepPlan } from "~/db.server";
import { isReviewerRow } from "./task-review.server";

/**
 * Whose turn it is, across a person's projects (My Projects): reviews waiting for them as a mentor
 * or admin (unclaimed requests in their projects, and the ones they claimed) and their tasks a
 * reviewer handed back with changes requested. Two queries, each a count and its first few.
 */
export interface ReviewInboxItem {
  taskId: string;
  projectId: string;
  title: string;
  projectName: string;
  /** Who asked (waiting) or who asked for changes (back to you). */
  personName: string;
  claimedByYou: boolean;
}

export interface ReviewInbox {
  waitingForYou: { total: number; items: ReviewInboxItem[] };
  backToYou: { total: number; items: ReviewInboxItem[] };
}

const SHOWN = 5;

// My Projects asks both on every load: compiled once.
const waitingForYouQuery = compiledOnce((executor, { userId }: { userId: string }) =>
  executor
    .selectFrom("task_reviews as r")
    .innerJoin("tasks as t", "t.id", "r.task_id")
    .innerJoin("projects as p", "p.id", "t.project_id")
    .innerJoin("project_members as pm", (join) =>
      join.onRef("pm.project_id", "=", "t.project_id").on("pm.user_id", "=", userId),
    )
    .innerJoin("users as u", "u.id", "pm.user_id")
    .leftJoin("users as rq", "rq.id", "r.requested_by")
    .select([
      "t.id",
      "t.project_id",
      "t.title",
      "p.name",
      "rq.full_name",
      "r.claimed_by",
      sql<number>`(count(*) over ())::int`.as("total"),
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb("r.state", "=", "requested"),
          eb.or([eb("r.requested_by", "is", null), eb("r.requested_by", "<>", userId)]),
          isReviewerRow(eb),
        ]),
        eb.and([eb("r.state", "=", "claimed"), eb("r.claimed_by", "=", userId)]),
      ]),
    )
    .orderBy("r.requested_at")
    .limit(SHOWN)
    .modifyEnd(keepPlan),
);

const backToYouQuery = compiledOnce((executor, { userId }: { userId: string }) =>
  executor
    .selectFrom("task_reviews as r")
    .innerJoin("tasks as t", "t.id", "r.task_id")
    .innerJoin("projects as p", "p.id", "t.project_id")
    .leftJoin("users as dc", "dc.id", "r.decided_by")
    .select([
      "t.id",
      "t.project_id",
      "t.title",
      "p.name",
      "dc.full_name",
      sql<number>`(count(*) over ())::int`.as("total"),
    ])
    .where("r.state", "=", "changes_requested")
    .where("t.assignee_id", "=", userId)
    .where("t.status", "<>", "Done")
    // Only the task's latest round: an answered request for changes is history.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("task_reviews as later")
            .select("later.id")
            .whereRef("later.task_id", "=", "r.task_id")
            .whereRef("later.round", ">", "r.round"),
        ),
      ),
    )
    .orderBy("r.decided_at")
    .limit(SHOWN)
    .modifyEnd(keepPlan),
);

export async function getReviewInbox(userId: string): Promise<ReviewInbox> {
  const [{ rows: waiting }, { rows: back }] = await Promise.all([
    db.executeQuery(waitingForYouQuery(db, { userId })),
    db.executeQuery(backToYouQuery(db, { userId })),
  ]);
  const item = (row: (typeof waiting)[number] | (typeof back)[number], claimedBy: string | null) => ({
    taskId: row.id,
    projectId: row.project_id,
    title: row.title,
    projectName: row.name,
    personName: row.full_name || "A member",
    claimedByYou: claimedBy === userId,
  });
  return {
    waitingForYou: { total: waiting[0]?.total ?? 0, items: waiting.map((row) => item(row, row.claimed_by)) },
    backToYou: { total: back[0]?.total ?? 0, items: back.map((row) => item(row, null)) },
  };
}

/** The two counts alone. */
export async function reviewCounts(userId: string): Promise<{ waitingForYou: number; backToYou: number }> {
  const inbox = await getReviewInbox(userId);
  return { waitingForYou: inbox.waitingForYou.total, backToYou: inbox.backToYou.total };
}
