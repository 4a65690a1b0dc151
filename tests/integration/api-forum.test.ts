import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import * as postRoute from "~/routes/api/forum/post";
import * as postLikeRoute from "~/routes/api/forum/post-like";
import * as postsRoute from "~/routes/api/forum/posts";
import * as projectPostsRoute from "~/routes/api/forum/project-posts";
import * as replyRoute from "~/routes/api/forum/reply";
import * as replyLikeRoute from "~/routes/api/forum/reply-like";
import * as repliesRoute from "~/routes/api/forum/replies";
import { projectTeam } from "../fixtures/project-team";
import { apiRequest, routeContext as context } from "../fixtures/api";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

type Route = { action: (args: never) => Promise<Response> | Response };

async function call(
  route: Route,
  path: string,
  options: { method?: string; user?: CurrentUser; body?: unknown; params?: Record<string, string> } = {},
) {
  const request = await apiRequest(path, options);
  return (await (route.action as (args: unknown) => Promise<Response>)({
    request,
    params: options.params ?? {},
    context,
  })) as Response;
}

async function counts(projectId: string) {
  const posts = await db
    .selectFrom("forum_posts")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  const replies = await db
    .selectFrom("forum_replies as r")
    .innerJoin("forum_posts as p", "p.id", "r.post_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("p.project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  const likes = await db
    .selectFrom("post_likes as l")
    .innerJoin("forum_posts as p", "p.id", "l.post_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("p.project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  return { posts: Number(posts.n), replies: Number(replies.n), likes: Number(likes.n) };
}

describe("forum API", () => {
  it("posts: anonymous 401, non-member 403 writing nothing, member 201 and list, admin sees it", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const create = (user: CurrentUser | undefined, body: unknown) =>
      call(postsRoute, "/api/forum/posts", { method: "POST", user, body });

    const anonymous = await create(undefined, { projectId, content: "Hi" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    const refused = await create(outsider, { projectId, content: "Hi" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining("members") });
    expect(await counts(projectId)).toEqual({ posts: 0, replies: 0, likes: 0 });

    const empty = await create(member, { projectId, content: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors.content).toEqual(["Please write something before posting."]);
    expect((await create(member, { projectId: "nope", content: "Hi" })).status).toBe(400);
    expect((await create(member, { projectId: UNKNOWN, content: "Hi" })).status).toBe(404);
    expect((await create(member, { projectId, content: "x".repeat(10_001) })).status).toBe(400);
    expect((await create(member, null)).status).toBe(400);
    expect(await counts(projectId)).toEqual({ posts: 0, replies: 0, likes: 0 });

    const created = await create(member, { projectId, content: "<b>Hello</b>" });
    expect(created.status).toBe(201);
    const post = await created.json();
    expect(post).toMatchObject({
      postId: expect.any(String),
      projectId,
      content: "<b>Hello</b>",
      authorName: "Max Member",
      authorRole: "Developer",
      likeCount: 0,
      replyCount: 0,
      isLikedByCurrentUser: false,
      replies: [],
    });

    const list = (user: CurrentUser | undefined, search = "", id = projectId) =>
      call(projectPostsRoute, `/api/forum/projects/${id}/posts${search}`, { user, params: { projectId: id } });
    expect((await list(undefined)).status).toBe(401);
    expect((await list(outsider)).status).toBe(403);
    expect((await list(member, "", "not-a-uuid")).status).toBe(400);
    expect((await list(member, "", UNKNOWN)).status).toBe(404);
    expect((await list(member, "?pageSize=50")).status).toBe(400);
    expect((await list(member, "?sort=oldest")).status).toBe(400);
    const listed = await list(admin, "?sort=top&pageSize=20");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("X-Total-Count")).toBe("1");
    expect(listed.headers.get("Link")).toContain('rel="first"');
    const body = await listed.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ postId: post.postId, canDelete: true, canEdit: false });
    expect((await list(member, "?q=hello")).headers.get("X-Total-Count")).toBe("1");
    expect((await list(member, "?q=zebra")).headers.get("X-Total-Count")).toBe("0");

    const method = await call(postsRoute, "/api/forum/posts", { method: "GET", user: member });
    expect(method.status).toBe(405);
    expect(method.headers.get("Allow")).toBe("POST");
  });

  it("one post: GET, PUT by its author, DELETE by its author or an admin", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const post = await (
      await call(postsRoute, "/api/forum/posts", { method: "POST", user: member, body: { projectId, content: "Mine" } })
    ).json();
    const one = (method: string, user: CurrentUser | undefined, body?: unknown, id = post.postId as string) =>
      call(postRoute, `/api/forum/posts/${id}`, { method, user, body, params: { postId: id } });

    expect((await one("GET", undefined)).status).toBe(401);
    expect((await one("GET", outsider)).status).toBe(403);
    expect((await one("GET", member, undefined, UNKNOWN)).status).toBe(404);
    expect((await one("GET", member, undefined, "12")).status).toBe(400);
    expect(await (await one("GET", admin)).json()).toMatchObject({ postId: post.postId, content: "Mine" });

    expect((await one("PUT", undefined, { content: "x" })).status).toBe(401);
    expect((await one("PUT", outsider, { content: "x" })).status).toBe(403);
    expect((await one("PUT", admin, { content: "Admin was here" })).status).toBe(403);
    expect((await one("PUT", member, { content: "" })).status).toBe(400);
    const edited = await one("PUT", member, { content: "Edited" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ content: "Edited", updatedAtUtc: expect.any(String) });

    expect((await one("DELETE", undefined)).status).toBe(401);
    expect((await one("DELETE", outsider)).status).toBe(403);
    expect((await one("DELETE", admin)).status).toBe(204);
    expect((await one("DELETE", admin)).status).toBe(404);
    expect(await counts(projectId)).toEqual({ posts: 0, replies: 0, likes: 0 });
    const patch = await one("PATCH", member);
    expect(patch.status).toBe(405);
    expect(patch.headers.get("Allow")).toBe("GET, PUT, DELETE");
  });

  it("replies and likes: the matrix, and each write returns the updated item", async () => {
    const { admin, member, outsider, projectId } = await projectTeam();
    const post = await (
      await call(postsRoute, "/api/forum/posts", { method: "POST", user: admin, body: { projectId, content: "Post" } })
    ).json();
    const reply = (user: CurrentUser | undefined, body: unknown) =>
      call(repliesRoute, "/api/forum/replies", { method: "POST", user, body });
    expect((await reply(undefined, { postId: post.postId, content: "Hi" })).status).toBe(401);
    expect((await reply(outsider, { postId: post.postId, content: "Hi" })).status).toBe(403);
    expect((await reply(member, { postId: post.postId, content: "\n" })).status).toBe(400);
    expect((await reply(member, { postId: UNKNOWN, content: "Hi" })).status).toBe(404);
    expect(await counts(projectId)).toEqual({ posts: 1, replies: 0, likes: 0 });
    const created = await reply(member, { postId: post.postId, content: "Reply" });
    expect(created.status).toBe(201);
    const replyBody = await created.json();
    expect(replyBody).toMatchObject({ replyId: expect.any(String), postId: post.postId, authorName: "Max Member" });

    const likePost = (user: CurrentUser | undefined, body?: unknown, id = post.postId as string) =>
      call(postLikeRoute, `/api/forum/posts/${id}/like`, { method: "POST", user, body, params: { postId: id } });
    expect((await likePost(undefined)).status).toBe(401);
    expect((await likePost(outsider)).status).toBe(403);
    expect((await likePost(member, undefined, UNKNOWN)).status).toBe(404);
    expect((await likePost(member, undefined, "x")).status).toBe(400);
    expect((await likePost(member, { liked: 3 })).status).toBe(400);
    expect(await counts(projectId)).toEqual({ posts: 1, replies: 1, likes: 0 });
    const liked = await likePost(member);
    expect(liked.status).toBe(200);
    expect(await liked.json()).toMatchObject({ postId: post.postId, likeCount: 1, isLikedByCurrentUser: true });
    expect(await (await likePost(member)).json()).toMatchObject({ likeCount: 0, isLikedByCurrentUser: false });
    expect(await (await likePost(admin, { liked: true })).json()).toMatchObject({ likeCount: 1 });

    const likeReply = (user: CurrentUser | undefined, id = replyBody.replyId as string) =>
      call(replyLikeRoute, `/api/forum/replies/${id}/like`, { method: "POST", user, params: { replyId: id } });
    expect((await likeReply(undefined)).status).toBe(401);
    expect((await likeReply(outsider)).status).toBe(403);
    expect((await likeReply(member, UNKNOWN)).status).toBe(404);
    expect(await (await likeReply(admin)).json()).toMatchObject({
      replyId: replyBody.replyId,
      likeCount: 1,
      isLikedByCurrentUser: true,
    });

    const oneReply = (method: string, user: CurrentUser | undefined, body?: unknown) =>
      call(replyRoute, `/api/forum/replies/${replyBody.replyId}`, {
        method,
        user,
        body,
        params: { replyId: replyBody.replyId },
      });
    expect((await oneReply("PUT", outsider, { content: "x" })).status).toBe(403);
    expect((await oneReply("PUT", admin, { content: "x" })).status).toBe(403);
    expect(await (await oneReply("PUT", member, { content: "Better" })).json()).toMatchObject({ content: "Better" });
    expect((await oneReply("DELETE", undefined)).status).toBe(401);
    expect((await oneReply("DELETE", outsider)).status).toBe(403);
    expect((await oneReply("DELETE", member)).status).toBe(204);
    expect(await counts(projectId)).toEqual({ posts: 1, replies: 0, likes: 1 });
  });
});
