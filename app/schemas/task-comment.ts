import { z } from "zod";
import { text } from "./text";

/**
 * A task's discussion: comments follow the forum's text rules (trimmed, not empty, the same
 * length limit; shown as text with http(s) links only), and its history is read in pages.
 */
export const COMMENT_MAX = 10_000;
export const EMPTY_COMMENT_MESSAGE = "Please write something before commenting.";
export const COMMENTS_PER_PAGE = 50;
/** History entries the task page shows before "Show all". */
export const RECENT_EVENTS = 10;
export const EVENTS_PER_PAGE = 50;

export const commentSchema = z.object({
  content: text(
    (s) =>
      s
        .trim()
        .min(1, EMPTY_COMMENT_MESSAGE)
        .max(COMMENT_MAX, `Keep it to at most ${COMMENT_MAX.toLocaleString("en-US")} characters.`),
    { required_error: EMPTY_COMMENT_MESSAGE, invalid_type_error: EMPTY_COMMENT_MESSAGE },
  ),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** ?page=&pageSize= of the comment and history lists (API). */
export const teamworkPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(COMMENTS_PER_PAGE),
});
