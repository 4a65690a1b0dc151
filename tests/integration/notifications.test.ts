import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { createPost, createReply, likePost, likeReply } from "~/models/forum.server";
import { createJoinRequest, decideJoinRequest } from "~/models/join-request.server";
import { requireMemberAccess } from "~/models/membership.server";
import {
  bellState,
  clearNotifications,
  countUnread,
  getNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsAfter,
  joinRequestNotes,
  removeNotification,
} from "~/models/notification-inbox.server";
import { setProjectMuted } from "~/models/notification-mute.server";
import { startProject } from "~/models/project-lifecycle.server";
import { createTask } from "~/models/task.server";
import { NotFoundError } from "~/utils/errors.server";
import { loader as notificationsLoader } from "~/routes/account/notifications";
import { routeContext, sessionCookie } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

/** Every event of spec section 7 (Real-time) the product causes: who hears of it, in what words, why. */

async function team(name = `Food Bank ${Date.now()}`) {
  const admin = await createUser({ name: "Ada Admin" });
  const projectId = await createProject({ admin, name, roles: { Developer: 2 } });
  const member = await createUser({ name: "Mo Member" });
  await addMember(projectId, member, { role: "Designer" });
  return { admin, member, projectId, name };
}

// Achievements earned on the way have their own tests (insights-achievements).
const inbox = async (userId: string) =>
  (await listNotifications(userId)).filter((notification) => notification.eventName !== "achievementEarned");

describe("who hears of each event, in what words and why", () => {
  it("join requested → the admins; approved or rejected with its reason → the requester", async () => {
    const { admin, member, projectId, name } = await team();
    const second = await createUser({ name: "Sam Second" });
    await addMember(projectId, second, { isAdmin: true, role: "Co-lead" });
    const asker = await createUser({ name: "Ria Requester" });

    const request = await createJoinRequest(asker, projectId, { requestedRole: "Developer", message: "Hi" });
    for (const who of [admin, second]) {
      const [told] = await inbox(who.userId);
      expect(told).toMatchObject({
        eventName: "projectJoinRequested",
        message: `Ria Requester asked to join ${name} as Developer.`,
        reason: `you are an admin of ${name}`,
        link: `/projects/${projectId}/join-requests`,
        projectId,
        read: false,
      });
      expect(told!.data).toMatchObject({ projectId, projectName: name, requestId: request.joinRequestId });
    }
    expect(await inbox(member.userId)).toEqual([]);
    expect(await inbox(asker.userId)).toEqual([]);

    await decideJoinRequest(admin, projectId, request.joinRequestId, { isApproved: true });
    const [approved] = await inbox(asker.userId);
    expect(approved).toMatchObject({
      eventName: "projectJoinApproved",
      message: `You joined ${name} as Developer.`,
      reason: `you asked to join ${name}`,
      link: `/projects/${projectId}/tasks`,
    });

    const other = await createUser({ name: "Otto Other" });
    const refused = await createJoinRequest(other, projectId, { requestedRole: "Developer" });
    await decideJoinRequest(second, projectId, refused.joinRequestId, { isApproved: false, reason: "We are full" });
    const [rejected] = await inbox(other.userId);
    expect(rejected).toMatchObject({
      eventName: "projectJoinRejected",
      message: `Your request to join ${name} was not accepted: We are full`,
      link: `/project/${projectId}`,
    });
    expect(rejected!.data).toMatchObject({ decisionReason: "We are full" });
  });

  it("project started and task created → the other members, never the one who acted", async () => {
    const { admin, member, projectId, name } = await team();
    await db.updateTable("projects").set({ status: "Pending" }).where("id", "=", projectId).execute();
    await startProject(admin, projectId);
    await createTask(member, projectId, { title: "Count the cans" });

    expect((await inbox(member.userId)).map((n) => [n.eventName, n.reason])).toEqual([
      ["projectStarted", `you are a member of ${name}`],
    ]);
    const [started] = await inbox(member.userId);
    expect(started!.message).toBe(`Ada Admin started ${name}; its work area is open.`);
    expect((await inbox(admin.userId)).map((n) => [n.eventName, n.reason])).toEqual([
      ["taskCreated", `you are an admin of ${name}`],
    ]);
  });

  it("a reply → the post's author; a like of a post or reply → its author; nobody of their own doing", async () => {
    const { admin, member, projectId, name } = await team();
    const post = await createPost(admin, { projectId, content: "Who can help with the cans?" });
    await createReply(admin, { postId: post.postId, content: "Me, myself" });
    const reply = await createReply(member, { postId: post.postId, content: "I can" });
    await likePost(member, post.postId, { liked: true });
    await likeReply(admin, reply.replyId, { liked: true });
    await likePost(admin, post.postId, { liked: true });

    const toAdmin = (await inbox(admin.userId)).reverse();
    expect(toAdmin.map((n) => [n.eventName, n.reason])).toEqual([
      ["postReplied", "you wrote this post"],
      ["postLiked", "you wrote this post"],
    ]);
    expect(toAdmin[0]).toMatchObject({
      message: `Mo Member replied to your post in ${name}.`,
      link: `/work/projects/${projectId}/forum/${post.postId}`,
      data: expect.objectContaining({ replyAuthorName: "Mo Member" }),
    });
    expect(toAdmin[1]!.data).toMatchObject({ likedByUserName: "Mo Member" });
    const toMember = await inbox(member.userId);
    expect(toMember.map((n) => [n.eventName, n.reason, n.message])).toEqual([
      ["replyLiked", "you wrote this reply", `Ada Admin liked your reply in ${name}.`],
    ]);
  });
});

describe("the inbox", () => {
  it("reads, removes and clears only the owner's notifications", async () => {
    const { admin, member, projectId } = await team();
    await createTask(member, projectId, { title: "One" });
    await createTask(member, projectId, { title: "Two" });
    await createTask(member, projectId, { title: "Three" });
    const [three, two, one] = await inbox(admin.userId);
    expect([three, two, one].map((n) => n!.data.title)).toEqual(["Three", "Two", "One"]);
    expect(three!.seq).toBeGreaterThan(two!.seq);
    expect(await countUnread(admin.userId)).toBe(3);

    // Another person can neither see nor change them.
    await expect(getNotification(member.userId, one!.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(markNotificationRead(member.userId, one!.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(removeNotification(member.userId, one!.id)).rejects.toBeInstanceOf(NotFoundError);
    await clearNotifications(member.userId);
    expect(await inbox(admin.userId)).toHaveLength(3);

    await markNotificationRead(admin.userId, one!.id);
    expect(await countUnread(admin.userId)).toBe(2);
    expect((await getNotification(admin.userId, one!.id)).read).toBe(true);
    await removeNotification(admin.userId, two!.id);
    expect((await inbox(admin.userId)).map((n) => n.id)).toEqual([three!.id, one!.id]);
    await markAllNotificationsRead(admin.userId);
    expect(await countUnread(admin.userId)).toBe(0);
    expect(await listNotifications(admin.userId, { beforeSeq: three!.seq })).toEqual([
      expect.objectContaining({ id: one!.id }),
    ]);
    await clearNotifications(admin.userId);
    expect(await inbox(admin.userId)).toEqual([]);
  });

  it("what came after a sequence number, oldest first, is what a reconnecting client gets", async () => {
    const { admin, member, projectId } = await team();
    await createTask(member, projectId, { title: "Seen" });
    const [seen] = await inbox(admin.userId);
    await createTask(member, projectId, { title: "Missed one" });
    await createTask(member, projectId, { title: "Missed two" });
    const missed = await notificationsAfter(admin.userId, seen!.seq);
    expect(missed.map((n) => n.data.title)).toEqual(["Missed one", "Missed two"]);
  });

  it("a muted project's notifications are kept but neither counted nor pushed; subscribing again restores them", async () => {
    const { admin, member, projectId } = await team();
    const other = await createProject({ admin, name: "Other project" });
    await addMember(other, member);
    const access = await requireMemberAccess(db, admin, projectId);
    await setProjectMuted(access, true);
    await setProjectMuted(access, true);
    expect((await requireMemberAccess(db, admin, projectId)).notificationsMuted).toBe(true);
    expect((await requireMemberAccess(db, member, projectId)).notificationsMuted).toBe(false);

    await createTask(member, projectId, { title: "Quiet" });
    await createTask(member, other, { title: "Loud" });
    const all = await inbox(admin.userId);
    expect(all.map((n) => [n.data.title, n.muted])).toEqual([
      ["Loud", false],
      ["Quiet", true],
    ]);
    expect(await countUnread(admin.userId)).toBe(1);
    // The header bell reads the same figures in one statement.
    expect(await bellState(admin.userId)).toEqual({ unread: 1, latestSeq: all[0]!.seq });
    expect(await bellState(member.userId)).toEqual({ unread: 0, latestSeq: 0 });
    expect((await notificationsAfter(admin.userId, 0)).map((n) => n.data.title)).toEqual(["Loud"]);

    await setProjectMuted(access, false);
    expect((await requireMemberAccess(db, admin, projectId)).notificationsMuted).toBe(false);
    expect(await countUnread(admin.userId)).toBe(2);
  });

  it("a join request's notification shows the applicant, their message and, once decided, the outcome", async () => {
    const { admin, member, projectId } = await team();
    const second = await createUser({ name: "Sam Second" });
    await addMember(projectId, second, { isAdmin: true, role: "Co-lead" });
    const long = `${"I have built three food bank apps before. ".repeat(3)}And I can start on Monday.`;
    const waitingAsker = await createUser({ name: "Wren Waiting" });
    const waiting = await createJoinRequest(waitingAsker, projectId, { requestedRole: "Developer", message: long });
    const decided = await createJoinRequest(await createUser({ name: "Dee Decided" }), projectId, {
      requestedRole: "Developer",
      message: "Short and sweet",
    });
    await decideJoinRequest(second, projectId, decided.joinRequestId, { isApproved: false, reason: "Team is full" });

    const notes = await joinRequestNotes(admin.userId, await listNotifications(admin.userId));
    expect(notes[waiting.joinRequestId]).toEqual({
      status: "Pending",
      requesterName: "Wren Waiting",
      requesterProfile: `/profile/gainer/${waitingAsker.userId}`,
      messagePreview: `${long.slice(0, 100).trimEnd()}…`,
      decidedBy: null,
      decisionReason: null,
    });
    // The first 100 characters and an ellipsis.
    expect(notes[waiting.joinRequestId]!.messagePreview).toHaveLength(101);
    expect(notes[decided.joinRequestId]).toMatchObject({
      status: "Rejected",
      messagePreview: "Short and sweet",
      decidedBy: "Sam Second",
      decisionReason: "Team is full",
    });
    // The one who decided reads "you".
    const secondNotes = await joinRequestNotes(second.userId, await listNotifications(second.userId));
    expect(secondNotes[decided.joinRequestId]).toMatchObject({ decidedBy: "you" });
    // Nobody but the project's admins reads the applicant's message through it.
    const forged = [{ ...(await listNotifications(admin.userId))[0]!, eventName: "projectJoinRequested" as const }];
    forged[0]!.data = { requestId: waiting.joinRequestId };
    expect(await joinRequestNotes(member.userId, forged)).toEqual({});
  });
});

describe("the notifications page's paging", () => {
  it("a `before` past any sequence number (bigint's largest and more) is the first page, never a 500", async () => {
    const { admin, member, projectId } = await team();
    await createTask(member, projectId, { title: "Seen" });
    const cookie = await sessionCookie(admin);
    const load = (before: string) =>
      notificationsLoader({
        request: new Request(`http://localhost/notifications?before=${before}`, { headers: { Cookie: cookie } }),
        params: {},
        context: routeContext,
      });
    const first = await load("");
    for (const before of ["9223372036854775807", "9223372036854775808", "1e30", "9007199254740993", "-1", "x"]) {
      const page = await load(before);
      expect(page, before).toMatchObject({ isFirstPage: true, notifications: first.notifications });
    }
    expect((await load("1")).notifications).toEqual([]);
  });
});
