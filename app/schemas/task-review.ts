import { z } from "zod";
import { text } from "./text";

/**
 * Mentor review of a task (one validation for the task page's forms and the API): the assignee's
 * request with an optional note, and the reviewer's decision, whose comment is required when it
 * asks for changes (the assignee must know what to change).
 */
/** A round's states: open (requested, claimed), then how it ended. */
export const TASK_REVIEW_STATES = ["requested", "claimed", "changes_requested", "approved", "overridden"] as const;

export const REVIEW_NOTE_MAX = 2000;
export const REVIEW_COMMENT_MAX = 5000;
export const CHANGES_NEED_COMMENT = "Say what should change before asking for changes.";

export const reviewRequestSchema = z.object({
  note: text((s) =>
    s.trim().max(REVIEW_NOTE_MAX, `Keep the note to at most ${REVIEW_NOTE_MAX.toLocaleString("en-US")} characters.`),
  )
    .optional()
    .default(""),
});
export type ReviewRequestInput = z.infer<typeof reviewRequestSchema>;

export const REVIEW_DECISIONS = ["approve", "changes"] as const;

export const reviewDecisionSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { message: "Choose approve or ask for changes." }),
    comment: text((s) =>
      s
        .trim()
        .max(
          REVIEW_COMMENT_MAX,
          `Keep the comment to at most ${REVIEW_COMMENT_MAX.toLocaleString("en-US")} characters.`,
        ),
    )
      .optional()
      .default(""),
  })
  .superRefine((value, ctx) => {
    if (value.decision === "changes" && value.comment === "") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["comment"], message: CHANGES_NEED_COMMENT });
    }
  });
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>;

/** How many days an unclaimed request waits before the mentors are reminded (once). */
export const REVIEW_REMIND_AFTER_DAYS = 2;
