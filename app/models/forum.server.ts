import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "#db/connection";
import type { Database } from "#db/schema";
import { db, keepPlan } from "~/db.server";
import { awardAchievements } from "~/models/achievement.server";
import type { CurrentUser } from "~/models/user.server";
import {
  editPostSchema,
  editReplySchema,
  type ForumQuery,
  likeSchema,
  type NewPost,
  newPostSchema,
  type NewReply,
  newReplySchema,
} from "~/schemas/forum";
import { ForbiddenError, NotFoundError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";
import { type Membership, type ProjectAccess, requireMemberAccess } from "./membership.server";
import { addNotifications } from "./notification.server";
import type { Page } from "./project.server";
import { utcText } from "~/utils/utc";

/**
 * The project forum (spec sections 2, 3, 7 and 9; issue 12): members read and write posts and
 * replies, like them, edit and delete their own; a project admin may remove any. Every function
 * takes the acting user and checks membership itself, so a screen and the API never disagree.
 * Like and reply counts are kept by triggers (migration 0007), so every sort is an index scan.
 */
/** What a post and a reply both show: the text, its author, likes and the viewer's rights. */
interface WrittenView {
  content: string;
  authorUserId: string;
  authorName: string;
  authorRole: string;
  createdAtUtc: string;
  updatedAtUtc: string | null;
  likeCount: number;
  isLikedByCurrentUser: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export interface ForumReplyView extends WrittenView {
  replyId: string;
  postId: string;
}

export interface ForumPostView extends WrittenView {
  postId: string;
  projectId: string;
  replyCount: number;
  replies: ForumReplyView[];
}

export interface ForumViewer {
  userId: string;
  isAdmin: boolean;
  roleInProject: string;
}

export interface ForumPage extends Page<ForumPostView> {
  projectId: string;
  projectName: string;
  viewer: ForumViewer;
}

export const FORUM_FORBIDDEN = "Only members of this project can use its forum.";
export const POST_NOT_FOUND = "Post not found.";
export const REPLY_NOT_FOUND = "Reply not found.";
/** Shown as the author's role when the author has since left the project. */
export const FORMER_MEMBER = "Former member";

type Executor = DB;

/** The actor's membership of the project, or 403 (404 when there is no such project). */
async function requireForumMember(executor: Executor, actor: CurrentUser, projectId: string) {
  // The project and the membership in one statement: inside a write's transaction, which holds
  // the embedded database's one session, each round trip is a wait for everybody else.
  const access = await requireMemberAccess(executor, actor, projectId).catch((error: unknown) => {
    throw error instanceof ForbiddenError ? new ForbiddenError(FORUM_FORBIDDEN) : error;
  });
  return { project: { id: access.projectId, name: access.projectName }, viewer: toViewer(actor, access) };
}

function toViewer(actor: CurrentUser, membership: Membership): ForumViewer {
  return { userId: actor.userId, isAdmin: membership.isAdmin, roleInProject: membership.roleInProject };
}

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** Where each kind of like is kept, and the row it likes. */
const LIKES = {
  post: { likes: "post_likes", item: "forum_posts", key: "post_id" },
  reply: { likes: "reply_likes", item: "forum_replies", key: "reply_id" },
} as const;

/** Whether the viewer likes the post (`p`) or reply (`r`) of the row. */
function likedBy(viewerId: string, kind: keyof typeof LIKES) {
  const { likes, key } = LIKES[kind];
  const row = kind === "post" ? "p.id" : "r.id";
  return sql<boolean>`exists (select 1 from ${sql.table(likes)} l where l.${sql.ref(key)} = ${sql.ref(row)} and l.user_id = ${viewerId})`;
}

/** The columns a post and a reply both have (see writtenView), with the author's name and role. */
function writtenColumns<Alias extends "p" | "r">(item: Alias) {
  return [
    `${item}.content`,
    `${item}.author_id`,
    `${item}.created_at`,
    `${item}.updated_at`,
    `${item}.like_count`,
    "u.full_name",
    "m.role_in_project",
  ] as const;
}

function postsQuery(executor: Executor, viewerId: string) {
  return executor
    .selectFrom("forum_posts as p")
    .innerJoin("users as u", "u.id", "p.author_id")
    .leftJoin("project_members as m", (join) =>
      join.onRef("m.project_id", "=", "p.project_id").onRef("m.user_id", "=", "p.author_id"),
    )
    .select(writtenColumns("p"))
    .select(["p.id", "p.project_id", "p.reply_count", likedBy(viewerId, "post").as("liked")]);
}
type PostRow = Awaited<ReturnType<ReturnType<typeof postsQuery>["executeTakeFirstOrThrow"]>>;

function repliesQuery(executor: Executor, viewerId: string) {
  return executor
    .selectFrom("forum_replies as r")
    .innerJoin("forum_posts as p", "p.id", "r.post_id")
    .innerJoin("users as u", "u.id", "r.author_id")
    .leftJoin("project_members as m", (join) =>
      join.onRef("m.project_id", "=", "p.project_id").onRef("m.user_id", "=", "r.author_id"),
    )
    .select(writtenColumns("r"))
    .select(["r.id", "r.post_id", likedBy(viewerId, "reply").as("liked")]);
}
type ReplyRow = Awaited<ReturnType<ReturnType<typeof repliesQuery>["executeTakeFirstOrThrow"]>>;

function writtenView(row: PostRow | ReplyRow, viewer: ForumViewer): WrittenView {
  const own = row.author_id === viewer.userId;
  return {
    content: row.content,
    authorUserId: row.author_id,
    authorName: row.full_name || "Unknown",
    authorRole: row.role_in_project ?? FORMER_MEMBER,
    createdAtUtc: utcText(row.created_at),
    updatedAtUtc: utcText(row.updated_at),
    likeCount: Number(row.like_count),
    isLikedByCurrentUser: Boolean(row.liked),
    canEdit: own,
    canDelete: own || viewer.isAdmin,
  };
}

function toReplyView(row: ReplyRow, viewer: ForumViewer): ForumReplyView {
  return { replyId: row.id, postId: row.post_id, ...writtenView(row, viewer) };
}

function toPostView(row: PostRow, viewer: ForumViewer, replies: ForumReplyView[]): ForumPostView {
  const written = writtenView(row, viewer);
  return { postId: row.id, projectId: row.project_id, ...written, replyCount: Number(row.reply_count), replies };
}

/** Posts with their replies, all replies in one query (no N+1). */
async function withReplies(executor: Executor, rows: PostRow[], viewer: ForumViewer): Promise<ForumPostView[]> {
  // Only posts with replies are asked about (their count is kept by a trigger): a new post's none.
  const answered = rows.filter((row) => row.reply_count > 0).map((row) => row.id);
  if (answered.length === 0) return rows.map((row) => toPostView(row, viewer, []));
  // One array of ids, not a list of values, so the statement's text and its kept plan are one.
  const replies = await repliesQuery(executor, viewer.userId)
    .where(sql<boolean>`r.post_id = any(${answered}::uuid[])`)
    .orderBy("r.created_at", "asc")
    .orderBy("r.id", "asc")
    .modifyEnd(keepPlan)
    .execute();
  const byPost = new Map<string, ForumReplyView[]>();
  for (const reply of replies) {
    const list = byPost.get(reply.post_id) ?? [];
    list.push(toReplyView(reply, viewer));
    byPost.set(reply.post_id, list);
  }
  return rows.map((row) => toPostView(row, viewer, byPost.get(row.id) ?? []));
}

type PostsEB = ExpressionBuilder<Database & { p: Database["forum_posts"] }, "p">;

/**
 * Search over content (full text, each word as a prefix) and author name (through a join to the
 * people who wrote in this project). Returns null when the term has nothing searchable.
 */
async function searchCondition(executor: Executor, projectId: string, term: string) {
  const words = (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return null;
  const tsquery = words.map((word) => `${word}:*`).join(" & ");
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const authors = await executor
    .selectFrom("users as u")
    .select("u.id")
    .where("u.full_name", "ilike", pattern)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("forum_posts as ap")
          .select(sql`1`.as("one"))
          .where("ap.project_id", "=", projectId)
          .whereRef("ap.author_id", "=", "u.id"),
      ),
    )
    .execute();
  const authorIds = authors.map((author) => author.id);
  return (eb: PostsEB) =>
    eb.or([
      sql<boolean>`p.search @@ to_tsquery('english', ${tsquery})`,
      ...(authorIds.length ? [eb("p.author_id", "in", authorIds)] : []),
    ]);
}

type PostsQuery = Pick<ForumQuery, "q" | "sort" | "page" | "pageSize">;

/** A page of a project's posts, with their replies (members only). */
export async function listPosts(actor: CurrentUser, projectId: string, query: PostsQuery): Promise<ForumPage> {
  const { project, viewer } = await requireForumMember(db, actor, projectId);
  return pageOfPosts(projectId, project.name, viewer, query);
}

/** The same for a member whose access the work page has checked already (no statement for it). */
export function listPostsWithAccess(access: ProjectAccess, query: PostsQuery): Promise<ForumPage> {
  return pageOfPosts(access.projectId, access.projectName, toViewer(access.actor, access), query);
}

async function pageOfPosts(
  projectId: string,
  projectName: string,
  viewer: ForumViewer,
  query: PostsQuery,
): Promise<ForumPage> {
  const condition = query.q ? await searchCondition(db, projectId, query.q) : undefined;
  const page: ForumPage = {
    projectId,
    projectName,
    viewer,
    items: [],
    total: 0,
    page: query.page,
    pageSize: query.pageSize,
  };
  if (condition === null) return page;

  let list = postsQuery(db, viewer.userId).where("p.project_id", "=", projectId);
  // The whole forum's total is kept on the project (migration 0009), so a page costs the same
  // with 10 posts as with 10,000; a search counts its matches (found through the indexes).
  const count = condition
    ? db
        .selectFrom("forum_posts as p")
        .select((eb) => eb.fn.countAll<string>().as("total"))
        .where("p.project_id", "=", projectId)
        .where((eb) => condition(eb))
    : db.selectFrom("projects").select("forum_post_count as total").where("id", "=", projectId).modifyEnd(keepPlan);
  if (condition) list = list.where((eb) => condition(eb as unknown as PostsEB));
  if (query.sort === "top") list = list.orderBy("p.like_count", "desc");
  if (query.sort === "replies") list = list.orderBy("p.reply_count", "desc");
  list = list
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  // A search's best plan hangs on its words; a plain page's plan is kept.
  if (!condition) list = list.modifyEnd(keepPlan);
  const [rows, totalRow] = await Promise.all([list.execute(), count.executeTakeFirstOrThrow()]);
  page.items = await withReplies(db, rows, viewer);
  page.total = Number(totalRow.total);
  return page;
}

/** The project's name and the viewer's standing in its forum (members only). */
export async function getForumViewer(actor: CurrentUser, projectId: string) {
  const { project, viewer } = await requireForumMember(db, actor, projectId);
  return { projectId, projectName: project.name, viewer };
}

async function loadPost(executor: Executor, postId: string, viewer: ForumViewer): Promise<ForumPostView> {
  const row = await postsQuery(executor, viewer.userId)
    .where("p.id", "=", postId)
    .modifyEnd(keepPlan)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(POST_NOT_FOUND);
  return (await withReplies(executor, [row], viewer))[0]!;
}

async function loadReply(executor: Executor, replyId: string, viewer: ForumViewer): Promise<ForumReplyView> {
  const row = await repliesQuery(executor, viewer.userId).where("r.id", "=", replyId).executeTakeFirst();
  if (!row) throw new NotFoundError(REPLY_NOT_FOUND);
  return toReplyView(row, viewer);
}

/** The post and the viewer, or 404 for a post that does not exist (or is not in `projectId`). */
async function requirePost(executor: Executor, actor: CurrentUser, postId: string, projectId?: string) {
  const post = await executor
    .selectFrom("forum_posts")
    .select(["id", "project_id", "author_id"])
    .where("id", "=", postId)
    .executeTakeFirst();
  if (!post || (projectId && post.project_id !== projectId)) throw new NotFoundError(POST_NOT_FOUND);
  const { project, viewer } = await requireForumMember(executor, actor, post.project_id);
  return { post, project, viewer };
}

async function requireReply(executor: Executor, actor: CurrentUser, replyId: string) {
  const reply = await executor
    .selectFrom("forum_replies as r")
    .innerJoin("forum_posts as p", "p.id", "r.post_id")
    .select(["r.id", "r.post_id", "r.author_id", "p.project_id", "p.author_id as post_author_id"])
    .where("r.id", "=", replyId)
    .executeTakeFirst();
  if (!reply) throw new NotFoundError(REPLY_NOT_FOUND);
  const { project, viewer } = await requireForumMember(executor, actor, reply.project_id);
  return { reply, project, viewer };
}

/** One post with all its replies (the post's own page). With `projectId`, it must be that project's. */
export async function getPost(actor: CurrentUser, postId: string, projectId?: string) {
  const { project, viewer } = await requirePost(db, actor, postId, projectId);
  return { projectId: project.id, projectName: project.name, viewer, post: await loadPost(db, postId, viewer) };
}

/* ------------------------------------------------------------------------------------------ */
/* Events                                                                                      */
/* ------------------------------------------------------------------------------------------ */

type ForumEvent =
  | {
      type: "postReplied";
      recipientId: string;
      projectId: string;
      projectName: string;
      postId: string;
      replyId: string;
    }
  | { type: "postLiked"; recipientId: string; projectId: string; projectName: string; postId: string }
  | {
      type: "replyLiked";
      recipientId: string;
      projectId: string;
      projectName: string;
      postId: string;
      replyId: string;
    };

/**
 * The one place forum activity becomes events for the people it concerns (a reply to your post,
 * a like of your post or reply), written in the write's own transaction; the notifications
 * feature delivers them. Nobody is told about their own doing.
 */
async function recordForumEvent(trx: Executor, actor: CurrentUser, event: ForumEvent): Promise<void> {
  if (event.recipientId === actor.userId) return;
  // Likes received count toward the recipient's achievements.
  if (event.type !== "postReplied") await awardAchievements(trx, event.recipientId);
  const who = actor.fullName || "Someone";
  const { type, recipientId, ...data } = event;
  const texts = {
    postReplied: {
      title: "New reply",
      message: `${who} replied to your post in ${event.projectName}.`,
      reason: "you wrote this post",
      data: { replyAuthorName: who },
    },
    postLiked: {
      title: "Your post was liked",
      message: `${who} liked your post in ${event.projectName}.`,
      reason: "you wrote this post",
      data: { likedByUserName: who },
    },
    replyLiked: {
      title: "Your reply was liked",
      message: `${who} liked your reply in ${event.projectName}.`,
      reason: "you wrote this reply",
      data: { likedByUserName: who },
    },
  }[type];
  await addNotifications(trx, [
    {
      userId: recipientId,
      eventName: type,
      title: texts.title,
      message: texts.message,
      reason: texts.reason,
      link: forumPostPath(event.projectId, event.postId),
      projectId: event.projectId,
      data: { ...data, ...texts.data, actorUserId: actor.userId, actorName: who },
    },
  ]);
}

/**
 * Whether this is the first time `actor` likes this post or reply, noted for good: a like taken
 * back and given again tells its author nothing new (one notification per liker and item, ever).
 */
async function firstLikeNotice(
  trx: Executor,
  actor: CurrentUser,
  item: { post_id: string } | { reply_id: string },
): Promise<boolean> {
  const noted = await trx
    .insertInto("like_notices")
    .values({ liker_id: actor.userId, ...item })
    .onConflict((conflict) => conflict.doNothing())
    .returning("liker_id")
    .executeTakeFirst();
  return noted !== undefined;
}

/** A post or reply to like, with what its author's notice names. */
interface LikedItem {
  kind: keyof typeof LIKES;
  id: string;
  postId: string;
  authorId: string;
  project: { id: string; name: string };
}

/**
 * Sets the actor's like of a post or reply (`liked` undefined toggles it). Only the liker's first
 * like of the item ever tells its author.
 */
async function changeLike(trx: Executor, actor: CurrentUser, target: LikedItem, liked: boolean | undefined) {
  const { kind, id } = target;
  const { likes, item, key } = LIKES[kind];
  // One like change at a time per item, so a toggle reads the state it changes.
  await sql`select id from ${sql.table(item)} where id = ${id} for no key update`.execute(trx);
  const mine = sql`${sql.ref(key)} = ${id} and user_id = ${actor.userId}`;
  const existing = await sql`select 1 from ${sql.table(likes)} where ${mine}`.execute(trx);
  const has = existing.rows.length > 0;
  const want = liked ?? !has;
  if (want && !has) {
    await sql`insert into ${sql.table(likes)} (${sql.ref(key)}, user_id) values (${id}, ${actor.userId})`.execute(trx);
    if (!(await firstLikeNotice(trx, actor, kind === "post" ? { post_id: id } : { reply_id: id }))) return;
    const { project, postId, authorId: recipientId } = target;
    const place = { recipientId, projectId: project.id, projectName: project.name, postId };
    const event =
      kind === "post"
        ? { type: "postLiked" as const, ...place }
        : { type: "replyLiked" as const, ...place, replyId: id };
    await recordForumEvent(trx, actor, event);
  }
  if (!want && has) await sql`delete from ${sql.table(likes)} where ${mine}`.execute(trx);
}

/** Where a post lives on the work page (the target of 'Copy link' and of notifications). */
export function forumPostPath(projectId: string, postId: string): string {
  return `/work/projects/${projectId}/forum/${postId}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Writing                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** A new post from unparsed input (the API): parsed once, here. */
export async function createPost(actor: CurrentUser, input: unknown): Promise<ForumPostView> {
  return addPost(actor, parseOrThrow(newPostSchema, input));
}

/** A new post from input the composer's schema has parsed (the forum form's action). */
export async function addPost(actor: CurrentUser, { projectId, content }: NewPost): Promise<ForumPostView> {
  return db.transaction().execute(async (trx) => {
    const { viewer } = await requireForumMember(trx, actor, projectId);
    const { id } = await trx
      .insertInto("forum_posts")
      .values({ project_id: projectId, author_id: actor.userId, content })
      .returning("id")
      .executeTakeFirstOrThrow();
    await awardAchievements(trx, actor.userId);
    return loadPost(trx, id, viewer);
  });
}

/** A reply from unparsed input (the API): parsed once, here. */
export async function createReply(actor: CurrentUser, input: unknown): Promise<ForumReplyView> {
  return addReply(actor, parseOrThrow(newReplySchema, input));
}

/** A reply to a post from input the reply schema has parsed (the forum form's action); tells the post's author. */
export async function addReply(actor: CurrentUser, { postId, content }: NewReply): Promise<ForumReplyView> {
  return db.transaction().execute(async (trx) => {
    const { post, project, viewer } = await requirePost(trx, actor, postId);
    const { id } = await trx
      .insertInto("forum_replies")
      .values({ post_id: postId, author_id: actor.userId, content })
      .returning("id")
      .executeTakeFirstOrThrow();
    await awardAchievements(trx, actor.userId);
    await recordForumEvent(trx, actor, {
      type: "postReplied",
      recipientId: post.author_id,
      projectId: project.id,
      projectName: project.name,
      postId,
      replyId: id,
    });
    return loadReply(trx, id, viewer);
  });
}

/** Likes or unlikes a post (`{ liked }` sets the state, no body toggles); returns the post. */
export async function likePost(actor: CurrentUser, postId: string, input: unknown = {}): Promise<ForumPostView> {
  const { liked } = parseOrThrow(likeSchema, input ?? {});
  return db.transaction().execute(async (trx) => {
    const { post, project, viewer } = await requirePost(trx, actor, postId);
    await changeLike(trx, actor, { kind: "post", id: postId, postId, authorId: post.author_id, project }, liked);
    return loadPost(trx, postId, viewer);
  });
}

/** Likes or unlikes a reply; returns the reply. */
export async function likeReply(actor: CurrentUser, replyId: string, input: unknown = {}): Promise<ForumReplyView> {
  const { liked } = parseOrThrow(likeSchema, input ?? {});
  return db.transaction().execute(async (trx) => {
    const { reply, project, viewer } = await requireReply(trx, actor, replyId);
    const target = { kind: "reply", id: replyId, postId: reply.post_id, authorId: reply.author_id, project } as const;
    await changeLike(trx, actor, target, liked);
    return loadReply(trx, replyId, viewer);
  });
}

const NOT_YOURS_EDIT = "You can only edit what you wrote.";
const NOT_YOURS_DELETE = "You can only delete what you wrote, unless you run this project.";

/** Edits your own post; returns it. */
export async function editPost(actor: CurrentUser, postId: string, input: unknown): Promise<ForumPostView> {
  const { content } = parseOrThrow(editPostSchema, input);
  return db.transaction().execute(async (trx) => {
    const { post, viewer } = await requirePost(trx, actor, postId);
    if (post.author_id !== actor.userId) throw new ForbiddenError(NOT_YOURS_EDIT);
    await trx.updateTable("forum_posts").set({ content, updated_at: new Date() }).where("id", "=", postId).execute();
    return loadPost(trx, postId, viewer);
  });
}

/** Edits your own reply; returns it. */
export async function editReply(actor: CurrentUser, replyId: string, input: unknown): Promise<ForumReplyView> {
  const { content } = parseOrThrow(editReplySchema, input);
  return db.transaction().execute(async (trx) => {
    const { reply, viewer } = await requireReply(trx, actor, replyId);
    if (reply.author_id !== actor.userId) throw new ForbiddenError(NOT_YOURS_EDIT);
    await trx.updateTable("forum_replies").set({ content, updated_at: new Date() }).where("id", "=", replyId).execute();
    return loadReply(trx, replyId, viewer);
  });
}

/** Deletes a post with its replies and likes: its author, or a project admin. */
export async function deletePost(actor: CurrentUser, postId: string): Promise<{ postId: string; projectId: string }> {
  return db.transaction().execute(async (trx) => {
    const { post, viewer } = await requirePost(trx, actor, postId);
    if (post.author_id !== actor.userId && !viewer.isAdmin) throw new ForbiddenError(NOT_YOURS_DELETE);
    await trx.deleteFrom("forum_posts").where("id", "=", postId).execute();
    return { postId, projectId: post.project_id };
  });
}

/** Deletes a reply: its author, or a project admin. */
export async function deleteReply(
  actor: CurrentUser,
  replyId: string,
): Promise<{ replyId: string; postId: string; projectId: string }> {
  return db.transaction().execute(async (trx) => {
    const { reply, viewer } = await requireReply(trx, actor, replyId);
    if (reply.author_id !== actor.userId && !viewer.isAdmin) throw new ForbiddenError(NOT_YOURS_DELETE);
    await trx.deleteFrom("forum_replies").where("id", "=", replyId).execute();
    return { replyId, postId: reply.post_id, projectId: reply.project_id };
  });
}
