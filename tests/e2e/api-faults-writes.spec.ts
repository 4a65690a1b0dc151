import { uniqueEmail } from "./auth";
import { withTestDatabase } from "./database";
import { expectNoSecretsInLogs, embeddedFaultSpec, signedInApi, templateStart, writeUntilKilled } from "./faults";
import { expect, test } from "./fixtures";

/**
 * `kill -9` of the server while join approvals, task moves and forum posts and replies are in
 * flight, all at once: after the restart every write the clients saw acknowledged is there, and
 * every multi-row change is whole or absent (an approved request has its membership, its taken
 * position and its notification; a moved task its notification; a reply its counter and its
 * notification). On a server of this file's own, as in api-faults.spec.ts.
 */
/** Pending join requests and open tasks made ready for the run: more than it can get through. */
const READY = 400;
const OPEN_POSITIONS = 1000;

const spec = embeddedFaultSpec(31, 240_000);

test("kill -9 during approvals, task moves and forum writes loses no acknowledged write and leaves none half-done", async ({
  browser,
}) => {
  let server = await spec.start();
  const admin = await signedInApi(browser, server.baseURL, "grace.mensah@example.org");
  const member = await signedInApi(browser, server.baseURL, uniqueEmail("fault.member"));
  const memberId = ((await (await member.api.get("/api/users/me")).json()) as { userId: string }).userId;

  // A project of the admin's own, started from a template.
  const start = await templateStart(admin.api);
  const started = await admin.api.post(start.url, { data: start.data });
  expect(started.status(), await started.text()).toBe(201);
  const { newProjectId: projectId } = (await started.json()) as { newProjectId: string };

  // What no screen makes quickly: many people asking to join, a member, many open tasks.
  const { requestIds, taskIds, role } = await withTestDatabase(async (client) => {
    const { rows: roles } = await client.query<{ name: string }>(
      "update project_roles set open_positions = $2 where project_id = $1 returning name",
      [projectId, OPEN_POSITIONS],
    );
    const role = roles[0]!.name;
    const { rows: requests } = await client.query<{ id: string }>(
      `with people as (
         insert into users (external_id, email, full_name)
         select 'fault-' || $2 || '-' || n, 'fault.' || $2 || '.' || n || '@example.org', 'Fault Tester ' || n
           from generate_series(1, $3::int) as n
         returning id)
       insert into join_requests (project_id, user_id, requested_role, message)
       select $1, id, $4, 'Let me in' from people
       returning id`,
      [projectId, String(spec.port), READY, role],
    );
    await client.query("insert into project_members (project_id, user_id, role_in_project) values ($1, $2, $3)", [
      projectId,
      memberId,
      role,
    ]);
    const { rows: tasks } = await client.query<{ id: string }>(
      `insert into tasks (project_id, title, assignee_id, created_by)
       select $1, 'Fault task ' || n, $2, $2 from generate_series(1, $3::int) as n
       returning id`,
      [projectId, memberId, READY],
    );
    return { requestIds: requests.map((row) => row.id), taskIds: tasks.map((row) => row.id), role };
  }, spec.dataDir);

  const firstPost = await member.api.post("/api/forum/posts", { data: { projectId, content: "The first post" } });
  expect(firstPost.status(), await firstPost.text()).toBe(201);
  const acknowledged = {
    approvals: [] as string[],
    moves: [] as string[],
    posts: [((await firstPost.json()) as { postId: string }).postId],
    replies: [] as string[],
  };

  // The writers: two approve, two move tasks to Done, the member posts, the admin replies to the
  // member's newest post. Each takes its own next request or task.
  const approve = async () => {
    const requestId = requestIds.shift()!;
    const response = await admin.api.post(`/api/projects/${projectId}/join-requests/${requestId}/decision`, {
      data: { isApproved: true },
    });
    expect(response.status(), await response.text()).toBe(200);
    acknowledged.approvals.push(requestId);
  };
  const move = async () => {
    const taskId = taskIds.shift()!;
    const response = await admin.api.put(`/api/tasks/${taskId}`, { data: { status: "Done" } });
    expect(response.status(), await response.text()).toBe(200);
    acknowledged.moves.push(taskId);
  };
  const post = async () => {
    const response = await member.api.post("/api/forum/posts", { data: { projectId, content: "A post" } });
    expect(response.status(), await response.text()).toBe(201);
    acknowledged.posts.push(((await response.json()) as { postId: string }).postId);
  };
  const reply = async () => {
    const postId = acknowledged.posts.at(-1)!;
    const response = await admin.api.post("/api/forum/replies", { data: { postId, content: "A reply" } });
    expect(response.status(), await response.text()).toBe(201);
    acknowledged.replies.push(((await response.json()) as { replyId: string }).replyId);
  };
  await writeUntilKilled(
    server,
    [approve, approve, move, move, post, reply],
    () =>
      acknowledged.approvals.length >= 10 &&
      acknowledged.moves.length >= 10 &&
      acknowledged.posts.length >= 5 &&
      acknowledged.replies.length >= 5,
  );
  expect(requestIds.length, "the run used up the prepared requests").toBeGreaterThan(0);
  expect(taskIds.length, "the run used up the prepared tasks").toBeGreaterThan(0);
  await admin.close();
  await member.close();
  const firstLog = server.log.join("");

  server = await spec.start();
  await withTestDatabase(async (client) => {
    const rows = async (query: string, values: unknown[] = []) => (await client.query(query, values)).rows;

    // Join approvals: every acknowledged one is there; each request is approved with its
    // membership, its notification and its taken position, or still pending with none of them.
    const approved = await rows("select id from join_requests where id = any($1::uuid[]) and status = 'Approved'", [
      acknowledged.approvals,
    ]);
    expect.soft(approved.length, "acknowledged approvals that were lost").toBe(acknowledged.approvals.length);
    const halfApproved = await rows(
      `select r.id, r.status,
              exists (select from project_members m where m.project_id = r.project_id and m.user_id = r.user_id)
                as member,
              (select count(*)::int from notifications n
                where n.user_id = r.user_id and n.event_name = 'projectJoinApproved'
                  and n.data->>'requestId' = r.id::text) as notified
         from join_requests r
        where r.project_id = $1`,
      [projectId],
    );
    expect(halfApproved.length).toBe(READY);
    expect
      .soft(
        halfApproved.filter((r) =>
          r.status === "Approved" ? !r.member || r.notified !== 1 : r.status !== "Pending" || r.member || r.notified,
        ),
        "join requests decided in part",
      )
      .toEqual([]);
    const approvedCount = halfApproved.filter((r) => r.status === "Approved").length;
    const [position] = await rows("select open_positions from project_roles where project_id = $1 and name = $2", [
      projectId,
      role,
    ]);
    expect.soft(position!.open_positions, "positions taken by approvals").toBe(OPEN_POSITIONS - approvedCount);

    // Task moves: every acknowledged move is there; a task is Done with its one notification
    // to the other member, or still to do with none.
    const tasks = await rows(
      `select t.id, t.status,
              (select count(*)::int from notifications n
                where n.user_id = $2 and n.event_name = 'taskCompleted' and n.data->>'taskId' = t.id::text) as notified
         from tasks t
        where t.project_id = $1 and t.title like 'Fault task %'`,
      [projectId, memberId],
    );
    const done = new Set(tasks.filter((t) => t.status === "Done").map((t) => t.id as string));
    expect
      .soft(
        acknowledged.moves.filter((id) => !done.has(id)),
        "acknowledged moves that were lost",
      )
      .toEqual([]);
    expect
      .soft(
        tasks.filter((t) => (t.status === "Done" ? t.notified !== 1 : t.status !== "Todo" || t.notified !== 0)),
        "tasks moved in part",
      )
      .toEqual([]);

    // Forum writes: every acknowledged post and reply is there; the project's post count and
    // every post's reply count match the rows; every reply has its one notification.
    const posts = await rows("select id from forum_posts where id = any($1::uuid[])", [acknowledged.posts]);
    expect.soft(posts.length, "acknowledged posts that were lost").toBe(acknowledged.posts.length);
    const replies = await rows("select id from forum_replies where id = any($1::uuid[])", [acknowledged.replies]);
    expect.soft(replies.length, "acknowledged replies that were lost").toBe(acknowledged.replies.length);
    const [counted] = await rows(
      `select p.forum_post_count, (select count(*)::int from forum_posts f where f.project_id = p.id) as posts
         from projects p where p.id = $1`,
      [projectId],
    );
    expect.soft(counted!.forum_post_count, "the project's post count").toBe(counted!.posts);
    const miscounted = await rows(
      `select f.id from forum_posts f
        where f.project_id = $1 and f.reply_count <> (select count(*) from forum_replies r where r.post_id = f.id)`,
      [projectId],
    );
    expect.soft(miscounted, "posts whose reply count is off").toEqual([]);
    const unnotified = await rows(
      `select r.id from forum_replies r join forum_posts f on f.id = r.post_id
        where f.project_id = $1
          and (select count(*) from notifications n
                where n.user_id = $2 and n.event_name = 'postReplied' and n.data->>'replyId' = r.id::text) <> 1`,
      [projectId, memberId],
    );
    expect.soft(unnotified, "replies without their one notification").toEqual([]);
    const orphaned = await rows(
      `select n.id from notifications n
        where n.user_id = $1 and n.event_name = 'postReplied'
          and not exists (select from forum_replies r where r.id::text = n.data->>'replyId')`,
      [memberId],
    );
    expect.soft(orphaned, "reply notifications without their reply").toEqual([]);
  }, spec.dataDir);

  expectNoSecretsInLogs(firstLog + server.log.join(""), admin.sessionCookie, spec.dataDir);
  console.log(
    `acknowledged before the kill: ${acknowledged.approvals.length} approvals, ${acknowledged.moves.length} moves, ` +
      `${acknowledged.posts.length} posts, ${acknowledged.replies.length} replies`,
  );
});
