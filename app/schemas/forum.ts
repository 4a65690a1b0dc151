import { z } from "zod";
import { idSchema } from "~/utils/ids";
import { text, withoutControlCharacters } from "./text";

/**
 * The forum's inputs (spec sections 3, 5 and 9): one schema per operation, shared by the forms,
 * their actions and the API routes.
 */
export const FORUM_CONTENT_MAX = 10_000;
export const FORUM_PAGE_SIZES = [10, 20] as const;
export const FORUM_SORTS = ["newest", "top", "replies"] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];

export const EMPTY_POST_MESSAGE = "Please write something before posting.";
export const EMPTY_REPLY_MESSAGE = "Please write something before replying.";

const content = (emptyMessage: string) =>
  text(
    (s) =>
      s
        .trim()
        .min(1, emptyMessage)
        .max(FORUM_CONTENT_MAX, `Keep it to at most ${FORUM_CONTENT_MAX.toLocaleString("en-US")} characters.`),
    { required_error: emptyMessage, invalid_type_error: emptyMessage },
  );

/** POST /api/forum/posts and the post composer. */
export const newPostSchema = z.object({
  projectId: idSchema,
  content: content(EMPTY_POST_MESSAGE),
});

/** POST /api/forum/replies and a post's reply composer. */
export const newReplySchema = z.object({
  postId: idSchema,
  content: content(EMPTY_REPLY_MESSAGE),
});
export type NewPost = z.infer<typeof newPostSchema>;
export type NewReply = z.infer<typeof newReplySchema>;

/** Editing a post or a reply: only the content changes. */
export const editPostSchema = z.object({ content: content(EMPTY_POST_MESSAGE) });
export const editReplySchema = z.object({ content: content(EMPTY_REPLY_MESSAGE) });

/**
 * A like: with `liked` it sets that state (what a form sends, so a repeated submit changes
 * nothing); without it, it toggles (spec section 4, Forum like). Forms send "true"/"false".
 */
export const likeSchema = z.object({
  liked: z
    .preprocess(
      (value) => (value === "true" ? true : value === "false" ? false : value),
      z.boolean({ invalid_type_error: "liked must be true or false." }),
    )
    .optional(),
});

const searchTerm = z
  .string()
  .optional()
  .transform((value) =>
    withoutControlCharacters(value ?? "")
      .trim()
      .slice(0, 200),
  );

/** The list's query for the API: search, sort, page, page size (spec section 9); a bad value is a 400. */
export const forumApiQuerySchema = z.object({
  q: searchTerm,
  sort: z.enum(FORUM_SORTS).default("newest"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((value) => (FORUM_PAGE_SIZES as readonly number[]).includes(value), "pageSize must be 10 or 20.")
    .default(10),
});

/** The same for the screen, where a bad value falls back to the default instead. */
export const forumQuerySchema = z.object({
  q: searchTerm,
  sort: z.enum(FORUM_SORTS).catch("newest").default("newest"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .refine((value) => (FORUM_PAGE_SIZES as readonly number[]).includes(value))
    .catch(10)
    .default(10),
});
export type ForumQuery = z.infer<typeof forumQuerySchema>;

/**
 * The forum's screen forms, keyed on `intent` (the Forum tab and a post's page share them). Each
 * names what it acts on; the content of a write is parsed by that operation's schema above.
 */
export const FORUM_INTENTS = [
  z.object({ intent: z.literal("create-post") }),
  z.object({ intent: z.literal("create-reply"), postId: idSchema }),
  z.object({ intent: z.literal("edit-post"), postId: idSchema }),
  z.object({ intent: z.literal("edit-reply"), replyId: idSchema }),
  z.object({ intent: z.literal("like-post"), postId: idSchema, liked: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("like-reply"), replyId: idSchema, liked: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete-post"), postId: idSchema }),
  z.object({ intent: z.literal("delete-reply"), replyId: idSchema }),
] as const;
export const forumIntentSchema = z.discriminatedUnion("intent", [...FORUM_INTENTS]);
export type ForumIntent = z.infer<typeof forumIntentSchema>;
export const FORUM_INTENT_NAMES = FORUM_INTENTS.map((option) => option.shape.intent.value);
