import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { db } from "~/db.server";
import { createJoinRequest } from "~/models/join-request.server";
import { addNotifications } from "~/models/notification.server";
import type { CurrentUser } from "~/models/user.server";
import { createEventBus } from "~/realtime/bus.server";
import { createNotificationHub, type HubMessage, type HubOptions, type NotificationHub } from "~/realtime/hub.server";
import { bearerFor, sessionCookie } from "../fixtures/api";
import { createProject, createUser } from "../fixtures/factories";

/**
 * The notification hub on real HTTP servers and real sockets, against the test database: who it
 * refuses before the upgrade, what it pushes after a commit, what it replays, and delivery from
 * one app instance to a socket on another (each with its own bus connection).
 */

interface Instance {
  hub: NotificationHub;
  server: Server;
  url: string;
  origin: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startInstance(options: HubOptions = {}): Promise<Instance> {
  const hub = createNotificationHub(options);
  const server = createServer((_req, res) => res.writeHead(404).end());
  await hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(async () => {
    await hub.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { hub, server, url: `ws://127.0.0.1:${port}/hubs/notifications`, origin: `http://127.0.0.1:${port}` };
}

/** A connected client that records what it is sent. */
interface Client {
  ws: WebSocket;
  messages: HubMessage[];
  notifications(): Extract<HubMessage, { type: "notification" }>["notification"][];
}

function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: HubMessage[] = [];
    ws.on("message", (data) => messages.push(JSON.parse(String(data)) as HubMessage));
    ws.once("open", () => {
      cleanups.push(async () => ws.terminate());
      resolve({
        ws,
        messages,
        notifications: () => messages.flatMap((m) => (m.type === "notification" ? [m.notification] : [])),
      });
    });
    ws.once("unexpected-response", (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

/** The status of a refused handshake (and proof that it never became a WebSocket). */
function refusal(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("open", () => {
      ws.terminate();
      reject(new Error("the handshake was accepted (101)"));
    });
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once("error", () => {});
  });
}

async function until<T>(check: () => T | undefined | false, ms = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function notifyUser(user: CurrentUser, title: string) {
  await db.transaction().execute((trx) =>
    addNotifications(trx, [
      {
        userId: user.userId,
        eventName: "taskCreated",
        title,
        message: `${title}, made by a test.`,
        reason: "you are a member of a test project",
        link: "/work",
        projectId: null,
        data: {},
      },
    ]),
  );
}

const first = await startInstance();

describe("the notification hub refuses before the upgrade", () => {
  it("answers 401 without credentials", async () => {
    expect(await refusal(first.url)).toBe(401);
    expect(await refusal(first.url, { Origin: first.origin })).toBe(401);
  });

  it("answers 403 to a session cookie from a foreign origin, or from no origin at all", async () => {
    const cookie = await sessionCookie(await createUser());
    expect(await refusal(first.url, { Cookie: cookie, Origin: "https://evil.example" })).toBe(403);
    expect(await refusal(first.url, { Cookie: cookie })).toBe(403);
  });

  it("answers 401 to a session that does not exist", async () => {
    expect(await refusal(first.url, { Cookie: "__session=forged", Origin: first.origin })).toBe(401);
  });

  it("answers 401 to a bad bearer token, in the header or the query", async () => {
    expect(await refusal(first.url, { Authorization: "Bearer not-a-token" })).toBe(401);
    expect(await refusal(`${first.url}?access_token=not-a-token`)).toBe(401);
    expect(await refusal(first.url, { Authorization: "Basic dXNlcjpwYXNz" })).toBe(401);
  });

  it("answers 404 elsewhere on the server", async () => {
    expect(await refusal(first.url.replace("/hubs/notifications", "/hubs/other"))).toBe(404);
  });
});

describe("the notification hub delivers", () => {
  it("pushes a join request to the admin's socket once it commits, with the unread count", async () => {
    const admin = await createUser({ name: "Ada Admin" });
    const requester = await createUser({ name: "Rui Requester" });
    const projectId = await createProject({ name: "Food Bank Tracker", admin });
    const client = await connect(first.url, { Cookie: await sessionCookie(admin), Origin: first.origin });
    await until(() => client.messages.find((m) => m.type === "unread"));

    await createJoinRequest(requester, projectId, { requestedRole: "Developer" });

    const [pushed] = await until(() => client.notifications().length > 0 && client.notifications());
    expect(pushed).toMatchObject({
      eventName: "projectJoinRequested",
      message: "Rui Requester asked to join Food Bank Tracker as Developer.",
      reason: "you are an admin of Food Bank Tracker",
      link: `/projects/${projectId}/join-requests`,
      read: false,
    });
    expect(await until(() => client.messages.at(-1)?.type === "unread" && client.messages.at(-1))).toEqual({
      type: "unread",
      count: 1,
    });
  });

  it("accepts a bearer token and pushes to every socket of the user, and to nobody else", async () => {
    const user = await createUser();
    const other = await createUser();
    const token = await bearerFor(user);
    const byHeader = await connect(first.url, { Authorization: token });
    const byQuery = await connect(`${first.url}?access_token=${token.slice("Bearer ".length)}`);
    const bystander = await connect(first.url, { Authorization: await bearerFor(other) });
    await until(() => byQuery.messages.length > 0 && byHeader.messages.length > 0 && bystander.messages.length > 0);

    await notifyUser(user, "Task created");

    for (const client of [byHeader, byQuery]) {
      expect((await until(() => client.notifications().length > 0 && client.notifications()))[0]!.title).toBe(
        "Task created",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bystander.notifications()).toEqual([]);
  });

  it("replays what a reconnecting client missed, from the seq it names (query or hello)", async () => {
    const user = await createUser();
    const headers = { Cookie: await sessionCookie(user), Origin: first.origin };
    const before = await connect(first.url, headers);
    await notifyUser(user, "Seen");
    const [seen] = await until(() => before.notifications().length > 0 && before.notifications());
    before.ws.close();

    await notifyUser(user, "Missed one");
    await notifyUser(user, "Missed two");

    const again = await connect(`${first.url}?afterSeq=${seen!.seq}`, headers);
    const replayed = await until(() => again.notifications().length >= 2 && again.notifications());
    expect(replayed.map((n) => n.title)).toEqual(["Missed one", "Missed two"]);

    const hello = await connect(first.url, headers);
    await until(() => hello.messages.length > 0);
    expect(hello.notifications()).toEqual([]);
    hello.ws.send(JSON.stringify({ type: "hello", afterSeq: seen!.seq }));
    expect((await until(() => hello.notifications().length >= 2 && hello.notifications())).map((n) => n.title)).toEqual(
      ["Missed one", "Missed two"],
    );
  });

  it("reaches a socket on another app instance (its own server and bus connection)", async () => {
    const secondBus = createEventBus();
    cleanups.push(() => secondBus.stop());
    const second = await startInstance({ bus: secondBus });
    const admin = await createUser({ name: "Ada Admin" });
    const requester = await createUser({ name: "Rui Requester" });
    const projectId = await createProject({ admin });
    const onSecond = await connect(second.url, { Cookie: await sessionCookie(admin), Origin: second.origin });
    await until(() => onSecond.messages.length > 0);

    // Caused here (this process's bus, as on instance one), delivered by instance two.
    await createJoinRequest(requester, projectId, { requestedRole: "Developer" });

    const [pushed] = await until(() => onSecond.notifications().length > 0 && onSecond.notifications());
    expect(pushed!.eventName).toBe("projectJoinRequested");
    expect(first.hub.stats().sockets).toBeGreaterThan(0);
    expect(second.hub.stats()).toEqual({ users: 1, sockets: 1 });
  });

  it("drops a socket that stops answering pings", async () => {
    const quick = await startInstance({
      bus: { listen: async () => async () => {}, onReconnect: () => () => {} },
      pingIntervalMs: 50,
      pongTimeoutMs: 200,
    });
    const user = await createUser();
    const alive = await connect(quick.url, { Authorization: await bearerFor(user) });
    const silent = await new Promise<WebSocket>((resolve, reject) => {
      void bearerFor(user).then((token) => {
        const ws = new WebSocket(quick.url, { headers: { Authorization: token }, autoPong: false });
        ws.once("open", () => resolve(ws));
        ws.once("error", reject);
      });
    });
    const closed = new Promise<number>((resolve) => silent.once("close", resolve));
    expect(await closed).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    expect(quick.hub.stats().sockets).toBe(1);
  });
});

/** Resolves with the close code once the server closes `ws`. */
function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once("close", (code) => resolve(code)));
}

describe("the notification hub holds against hostile clients", () => {
  it("ignores frames that are not a hello (null, numbers, arrays, wrong types, binary) and keeps serving", async () => {
    const user = await createUser();
    const client = await connect(first.url, { Authorization: await bearerFor(user) });
    await until(() => client.messages.length > 0);
    const hostile = ["null", "1", '"hello"', "[]", "{}", '{"type":null}', '{"type":"hello","afterSeq":null}'];
    hostile.push(
      '{"type":"hello","afterSeq":-1}',
      '{"type":"hello","afterSeq":1e400}',
      '{"type":"hello","afterSeq":"x"}',
    );
    for (const frame of hostile) client.ws.send(frame);
    client.ws.send(Buffer.from([0, 1, 2, 255]), { binary: true });
    client.ws.send(JSON.stringify({ type: "hello", afterSeq: 0 }), { binary: true });

    await notifyUser(user, "Still delivered");
    expect((await until(() => client.notifications().length > 0 && client.notifications()))[0]!.title).toBe(
      "Still delivered",
    );
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a socket that sends an oversized frame (1009) and one that floods it (1008)", async () => {
    const user = await createUser();
    const token = await bearerFor(user);
    const big = await connect(first.url, { Authorization: token });
    const bigClosed = closeCode(big.ws);
    big.ws.send("x".repeat(10_000));
    expect(await bigClosed).toBe(1009);

    const flood = await connect(first.url, { Authorization: token });
    await until(() => flood.messages.length > 0);
    const floodClosed = closeCode(flood.ws);
    for (let n = 0; n < 5_000 && flood.ws.readyState === WebSocket.OPEN; n++) {
      flood.ws.send(JSON.stringify({ type: "hello", afterSeq: 0 }));
    }
    expect(await floodClosed).toBe(1008);
    // Hellos that piled up shared pushes: far fewer unread counts came back than hellos went out.
    expect(flood.messages.filter((m) => m.type === "unread").length).toBeLessThan(30);
  });

  it("refuses a person's socket past the limit per instance with 429", async () => {
    const user = await createUser();
    const token = await bearerFor(user);
    for (let n = 0; n < 20; n++) await connect(first.url, { Authorization: token });
    expect(await refusal(first.url, { Authorization: token })).toBe(429);
    const other = await connect(first.url, { Authorization: await bearerFor(await createUser()) });
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });
});
