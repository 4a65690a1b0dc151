import { describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { db } from "~/db.server";
import {
  createPost,
  createReply,
  deletePost,
  deleteReply,
  editPost,
  editReply,
  FORMER_MEMBER,
  getPost,
  likePost,
  likeReply,
  listPosts,
} from "~/models/forum.server";
import { EMPTY_POST_MESSAGE, EMPTY_REPLY_MESSAGE, forumQuerySchema } from "~/schemas/forum";
import { DomainError } from "~/utils/errors.server";
import { addMember, createProject, createUser } from "../fixtures/factories";

async function setup() {
  const admin = await createUser({ name: "Ada Admin" });
  const member = await createUser({ name: "Max Member" });
  const outsider = await createUser({ name: "Olga Outsider" });
  const projectId = await createProject({ admin });
  await addMember(projectId, member, { role: "Designer" });
  return { admin, member, outsider, projectId };
}

const query = (input: Record<string, unknown> = {}) => forumQuerySchema.parse(input);

async function statusOf(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (error) {
    if (error instanceof DomainError) return error.status;
    throw error;
  }
}

async function notificationsOf(userId: string) {
  return (
    db
      .selectFrom("notifications")
      .select(["event_name", "data"])
      .where("user_id", "=", userId)
      // Achievements earned on the way have their own tests (insights-achievements).
      .where("event_name", "!=", "achievementEarned")
      .orderBy("created_at")
      .execute()
  );
}

describe("forum model", () => {
  it("posts: trimmed, non-empty, at most 10,000 characters; shown newest first with author and role", async () => {
    const { admin, member, projectId } = await setup();
    // Text that shows nothing is empty too (zero-width spaces, a word joiner, a BOM).
    for (const content of ["", "   \n\t  ", "\u200B\u200B", " \u2060\uFEFF "]) {
      await expect(createPost(member, { projectId, content })).rejects.toMatchObject({
        status: 400,
        errors: { content: [EMPTY_POST_MESSAGE] },
      });
    }
    await expect(createPost(member, { projectId, content: "x".repeat(10_001) })).rejects.toMatchObject({
      status: 400,
    });
    await expect(createPost(member, { projectId, content: "a\u0000b" })).rejects.toMatchObject({ status: 400 });
    expect((await listPosts(member, projectId, query())).total).toBe(0);

    // Direction overrides are dropped: what is stored reads as it shows.
    const spoof = await createPost(member, { projectId, content: "report\u202Efdp.exe\u202C done" });
    expect(spoof.content).toBe("reportfdp.exe done");
    expect((await getPost(member, spoof.postId)).post.content).toBe("reportfdp.exe done");
    await deletePost(member, spoof.postId);
    const long = await createPost(member, { projectId, content: "y".repeat(10_000) });
    expect(long.content).toHaveLength(10_000);
    const first = await createPost(admin, { projectId, content: "  Hello team\nsecond line  " });
    expect(first).toMatchObject({
      content: "Hello team\nsecond line",
      authorName: "Ada Admin",
      authorRole: "Project Owner",
      likeCount: 0,
      replyCount: 0,
      isLikedByCurrentUser: false,
      replies: [],
      canEdit: true,
      canDelete: true,
    });
    const page = await listPosts(member, projectId, query());
    expect(page.items.map((post) => post.postId)).toEqual([first.postId, long.postId]);
    expect(page.items[1]).toMatchObject({ authorName: "Max Member", authorRole: "Designer", canEdit: true });
    expect(page.items[0]).toMatchObject({ canEdit: false, canDelete: false });
    expect(page.viewer).toMatchObject({ roleInProject: "Designer", isAdmin: false });
  });

  it("only members read and write; a non-member writes nothing", async () => {
    const { member, outsider, projectId } = await setup();
    const post = await createPost(member, { projectId, content: "Members only" });
    expect(await statusOf(listPosts(outsider, projectId, query()))).toBe(403);
    expect(await statusOf(getPost(outsider, post.postId))).toBe(403);
    expect(await statusOf(createPost(outsider, { projectId, content: "Let me in" }))).toBe(403);
    expect(await statusOf(createReply(outsider, { postId: post.postId, content: "Hi" }))).toBe(403);
    expect(await statusOf(likePost(outsider, post.postId))).toBe(403);
    expect(await statusOf(editPost(outsider, post.postId, { content: "Mine now" }))).toBe(403);
    expect(await statusOf(deletePost(outsider, post.postId))).toBe(403);
    const after = await getPost(member, post.postId);
    expect(after.post).toMatchObject({ content: "Members only", likeCount: 0, replyCount: 0 });
    expect((await listPosts(member, projectId, query())).total).toBe(1);
    expect(await statusOf(listPosts(member, "00000000-0000-4000-8000-000000000000", query()))).toBe(404);
    expect(await statusOf(getPost(member, "00000000-0000-4000-8000-000000000000"))).toBe(404);
    const other = await createProject({ admin: member });
    expect(await statusOf(getPost(member, post.postId, other))).toBe(404);
  });

  it("replies: counted, oldest first under their post, and tell the post's author", async () => {
    const { admin, member, projectId } = await setup();
    const post = await createPost(admin, { projectId, content: "Question" });
    await expect(createReply(member, { postId: post.postId, content: "  " })).rejects.toMatchObject({
      errors: { content: [EMPTY_REPLY_MESSAGE] },
    });
    const one = await createReply(member, { postId: post.postId, content: "Answer one" });
    const two = await createReply(admin, { postId: post.postId, content: "Answer two" });
    expect(one).toMatchObject({ authorName: "Max Member", authorRole: "Designer", likeCount: 0 });
    const { post: loaded } = await getPost(member, post.postId);
    expect(loaded.replyCount).toBe(2);
    expect(loaded.replies.map((reply) => reply.replyId)).toEqual([one.replyId, two.replyId]);
    // The admin hears about the member's reply, not about their own.
    const events = await notificationsOf(admin.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_name: "postReplied" });
    expect(events[0]!.data).toMatchObject({ projectId, postId: post.postId, replyId: one.replyId });
  });

  it("likes toggle, or set a state; counts follow; the author is told once per like", async () => {
    const { admin, member, projectId } = await setup();
    const post = await createPost(admin, { projectId, content: "Like me" });
    const liked = await likePost(member, post.postId);
    expect(liked).toMatchObject({ likeCount: 1, isLikedByCurrentUser: true });
    expect(await likePost(member, post.postId, { liked: true })).toMatchObject({ likeCount: 1 });
    expect(await likePost(admin, post.postId, { liked: "true" })).toMatchObject({
      likeCount: 2,
      isLikedByCurrentUser: true,
    });
    const unliked = await likePost(member, post.postId);
    expect(unliked).toMatchObject({ likeCount: 1, isLikedByCurrentUser: false });
    expect(await likePost(member, post.postId, { liked: false })).toMatchObject({ likeCount: 1 });
    expect((await notificationsOf(admin.userId)).map((event) => event.event_name)).toEqual(["postLiked"]);
    await expect(likePost(member, post.postId, { liked: "maybe" })).rejects.toMatchObject({ status: 400 });

    const reply = await createReply(admin, { postId: post.postId, content: "A reply" });
    expect(await likeReply(member, reply.replyId)).toMatchObject({ likeCount: 1, isLikedByCurrentUser: true });
    expect(await likeReply(member, reply.replyId)).toMatchObject({ likeCount: 0, isLikedByCurrentUser: false });
    expect((await notificationsOf(admin.userId)).map((event) => event.event_name)).toEqual(["postLiked", "replyLiked"]);
  });

  it("a like toggled 40 times tells the author once, even after they cleared their inbox", async () => {
    const { admin, member, projectId } = await setup();
    const post = await createPost(admin, { projectId, content: "Like me" });
    const reply = await createReply(admin, { postId: post.postId, content: "A reply" });
    for (let i = 0; i < 40; i++) {
      await likePost(member, post.postId);
      await likeReply(member, reply.replyId);
    }
    const liked = (await notificationsOf(admin.userId)).filter((row) => row.event_name !== "postReplied");
    expect(liked.map((row) => row.event_name)).toEqual(["postLiked", "replyLiked"]);
    // Cleared and liked again: still nothing new from the same liker.
    await db.deleteFrom("notifications").where("user_id", "=", admin.userId).execute();
    await likePost(member, post.postId);
    await likeReply(member, reply.replyId);
    expect(await notificationsOf(admin.userId)).toEqual([]);
    // Another liker is news.
    const other = await createUser();
    await addMember(projectId, other);
    await likePost(other, post.postId);
    expect((await notificationsOf(admin.userId)).map((row) => row.event_name)).toEqual(["postLiked"]);
  });

  it("edit your own; delete your own or, as project admin, anyone's", async () => {
    const { admin, member, projectId } = await setup();
    const mine = await createPost(member, { projectId, content: "Draft" });
    const edited = await editPost(member, mine.postId, { content: " Final " });
    expect(edited).toMatchObject({ content: "Final", updatedAtUtc: expect.any(String) });
    expect(await statusOf(editPost(admin, mine.postId, { content: "Admin edit" }))).toBe(403);
    await expect(editPost(member, mine.postId, { content: " " })).rejects.toMatchObject({ status: 400 });

    const adminsPost = await createPost(admin, { projectId, content: "Admin's" });
    expect(await statusOf(deletePost(member, adminsPost.postId))).toBe(403);
    const reply = await createReply(admin, { postId: mine.postId, content: "Reply by admin" });
    expect(await statusOf(editReply(member, reply.replyId, { content: "no" }))).toBe(403);
    expect(await statusOf(deleteReply(member, reply.replyId))).toBe(403);
    expect(await editReply(admin, reply.replyId, { content: "Edited reply" })).toMatchObject({
      content: "Edited reply",
    });
    const memberReply = await createReply(member, { postId: mine.postId, content: "Mine" });
    await likeReply(admin, memberReply.replyId);
    await deleteReply(admin, memberReply.replyId);
    expect((await getPost(member, mine.postId)).post.replyCount).toBe(1);

    await likePost(admin, mine.postId);
    await deletePost(admin, mine.postId);
    expect(await statusOf(getPost(member, mine.postId))).toBe(404);
    await deletePost(admin, adminsPost.postId);
    expect((await listPosts(member, projectId, query())).total).toBe(0);
  });

  it("search over content and author name; sorts newest, top, replies; pages of 10 or 20", async () => {
    const { admin, member, projectId } = await setup();
    const deploy = await createPost(member, { projectId, content: "How do we deploy the staging server?" });
    const colours = await createPost(admin, { projectId, content: "Picking colours for the dashboard" });
    const other = await createPost(admin, { projectId, content: "Weekly notes" });
    await likePost(member, colours.postId);
    await likePost(admin, colours.postId);
    await likePost(member, other.postId);
    await createReply(admin, { postId: deploy.postId, content: "Use the script" });

    const ids = async (input: Record<string, unknown>) =>
      (await listPosts(member, projectId, query(input))).items.map((post) => post.postId);
    expect(await ids({ q: "deploying" })).toEqual([deploy.postId]);
    expect(await ids({ q: "deplo" })).toEqual([deploy.postId]);
    expect(await ids({ q: "ada" })).toEqual([other.postId, colours.postId]);
    expect(await ids({ q: "max member" })).toEqual([deploy.postId]);
    expect(await ids({ q: "nothing-like-this" })).toEqual([]);
    expect(await ids({ q: "%_\\" })).toEqual([]);
    expect(await ids({ sort: "top" })).toEqual([colours.postId, other.postId, deploy.postId]);
    expect(await ids({ sort: "replies" })).toEqual([deploy.postId, other.postId, colours.postId]);
    expect(await ids({})).toEqual([other.postId, colours.postId, deploy.postId]);

    for (let i = 0; i < 22; i++) await createPost(member, { projectId, content: `Filler ${i}` });
    const first = await listPosts(member, projectId, query());
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const third = await listPosts(member, projectId, query({ page: "3" }));
    expect(third.items).toHaveLength(5);
    const big = await listPosts(member, projectId, query({ pageSize: "20", page: "2" }));
    expect(big.items).toHaveLength(5);
    expect(query({ pageSize: "50", sort: "weird", page: "-1" })).toMatchObject({
      pageSize: 10,
      sort: "newest",
      page: 1,
    });
  });

  it("markup is kept as text; an author who left shows as a former member", async () => {
    const { admin, member, projectId } = await setup();
    const markup = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const post = await createPost(member, { projectId, content: markup });
    expect(post.content).toBe(markup);
    await db
      .deleteFrom("project_members")
      .where("project_id", "=", projectId)
      .where("user_id", "=", member.userId)
      .execute();
    const { post: seen } = await getPost(admin, post.postId);
    expect(seen.authorRole).toBe(FORMER_MEMBER);
    expect(await statusOf(editPost(member, post.postId, { content: "back" }))).toBe(403);
  });

  it("the forum's total is the project's kept count, right after posts come and go", async () => {
    const { admin, member, projectId } = await setup();
    const counted = async () =>
      (await db.selectFrom("projects").select("forum_post_count").where("id", "=", projectId).executeTakeFirstOrThrow())
        .forum_post_count;
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await createPost(member, { projectId, content: `Counted ${i}` }));
    expect(await counted()).toBe(3);
    await deletePost(admin, posts[0]!.postId);
    expect(await counted()).toBe(2);
    expect((await listPosts(member, projectId, query())).total).toBe(2);
    // A search still counts its own matches.
    expect((await listPosts(member, projectId, query({ q: "Counted 2" }))).total).toBeGreaterThanOrEqual(1);
    expect((await listPosts(member, projectId, query({ q: "nothing-like-it" }))).total).toBe(0);
  });

  it("a post and a reply are each written in few round trips: their transaction holds the session", async () => {
    const { admin, member, projectId } = await setup();
    // Each one's first write evaluates the achievements for the first time; the next are the usual.
    await createPost(member, { projectId, content: "Warming up" });
    await createPost(admin, { projectId, content: "Warming up too" });
    const post = await countQueries(() => createPost(member, { projectId, content: "A plain post" }));
    const reply = await countQueries(() => createReply(admin, { postId: post.result.postId, content: "Noted" }));
    // begin, the access check, the insert, the achievements' counts with their records, the row
    // (a new post has no replies to read), commit; a reply also reads its post and tells its author.
    expect(post.queries).toBeLessThanOrEqual(6);
    expect(reply.queries).toBeLessThanOrEqual(9);
    expect(post.result.replies).toEqual([]);
  });
});
