import { type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { authenticateApiRequest, getOptionalUser } from "~/auth/guards.server";
import { config } from "~/config.server";
import { logger } from "~/logger.server";
import { NOTIFICATION_CHANNEL, type NotificationSignal } from "~/models/notification.server";
import { countUnread, latestSeq, notificationsAfter } from "~/models/notification-inbox.server";
import { asDomainError } from "~/utils/errors.server";
import { singleton } from "~/utils/singleton.server";
import { type EventBus, listen } from "./bus.server";

/**
 * The notification hub (DESIGN principle 6): a WebSocket endpoint on the app's own HTTP server.
 * A caller is authenticated before the upgrade (session cookie from our own origin, or a bearer
 * token) and refused with a plain 401/403 otherwise. Each instance listens once on the bus; a
 * signal names a user, and each of that user's sockets here gets what came after the last
 * notification it was sent, read from the database, so nothing depends on the signal arriving.
 */
export const HUB_PATH = "/hubs/notifications";

/** What the hub sends. */
export type HubMessage =
  | { type: "notification"; notification: Awaited<ReturnType<typeof notificationsAfter>>[number] }
  | { type: "unread"; count: number };

export interface HubOptions {
  /** The bus to listen on: the process's by default; a test playing a second instance brings its own. */
  bus?: Pick<EventBus, "listen">;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
}

export interface NotificationHub {
  /** Mounts the hub on `server`'s upgrade event and starts listening on the bus. */
  attach(server: Server): Promise<void>;
  /** The `upgrade` handler itself (attach wires it). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket and stops listening (graceful shutdown). */
  close(): Promise<void>;
  stats(): { users: number; sockets: number };
}

interface Client {
  userId: string;
  /** The newest seq this socket was sent (or told it has). */
  lastSeq: number;
  lastPong: number;
  /** Work for this socket runs one at a time, so notifications go out once and in order. */
  queue: Promise<void>;
  flushQueued: boolean;
}

const PING_INTERVAL_MS = 15_000;
const PONG_TIMEOUT_MS = 30_000;

export function createNotificationHub(options: HubOptions = {}): NotificationHub {
  const bus = options.bus ?? { listen };
  const pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
  const pongTimeoutMs = options.pongTimeoutMs ?? PONG_TIMEOUT_MS;
  // No compression: a deflate context per socket costs far more memory than these small messages save.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4096 });
  const sockets = new Map<string, Set<WebSocket>>();
  const clients = new WeakMap<WebSocket, Client>();
  let unsubscribe: (() => Promise<void>) | null = null;
  let closed = false;

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const ws of wss.clients) {
      const client = clients.get(ws);
      if (!client || now - client.lastPong > pongTimeoutMs) ws.terminate();
      else ws.ping();
    }
  }, pingIntervalMs);
  heartbeat.unref();

  function send(ws: WebSocket, message: HubMessage) {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  function enqueue(ws: WebSocket, client: Client, work: () => Promise<void>) {
    client.queue = client.queue.then(work).catch((error: unknown) => {
      logger.error({ err: error, userId: client.userId }, "notification hub: push failed");
    });
  }

  /** Sends what came after `lastSeq`, then the unread count. Runs in the socket's queue. */
  async function push(ws: WebSocket, client: Client) {
    if (ws.readyState !== ws.OPEN) return;
    const [fresh, count] = await Promise.all([
      notificationsAfter(client.userId, client.lastSeq),
      countUnread(client.userId),
    ]);
    for (const notification of fresh) {
      send(ws, { type: "notification", notification });
      client.lastSeq = Math.max(client.lastSeq, notification.seq);
    }
    send(ws, { type: "unread", count });
  }

  /** A push for each signal, but signals that pile up while one waits share it. */
  function flush(ws: WebSocket, client: Client) {
    if (client.flushQueued) return;
    client.flushQueued = true;
    enqueue(ws, client, () => {
      client.flushQueued = false;
      return push(ws, client);
    });
  }

  function onSignal(payload: unknown) {
    const userId = (payload as NotificationSignal | null)?.userId;
    if (typeof userId !== "string") return;
    for (const ws of sockets.get(userId) ?? []) {
      const client = clients.get(ws);
      if (client) flush(ws, client);
    }
  }

  function onMessage(ws: WebSocket, client: Client, data: RawData) {
    let message: { type?: unknown; afterSeq?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    if (message.type !== "hello") return;
    const afterSeq = toSeq(message.afterSeq);
    if (afterSeq === null) return;
    enqueue(ws, client, () => {
      client.lastSeq = afterSeq;
      return push(ws, client);
    });
  }

  function register(ws: WebSocket, userId: string, afterSeq: number | null) {
    const client: Client = { userId, lastSeq: 0, lastPong: Date.now(), queue: Promise.resolve(), flushQueued: false };
    clients.set(ws, client);
    let own = sockets.get(userId);
    if (!own) sockets.set(userId, (own = new Set()));
    own.add(ws);
    ws.on("pong", () => (client.lastPong = Date.now()));
    ws.on("message", (data) => onMessage(ws, client, data));
    ws.on("error", () => ws.terminate());
    ws.on("close", () => {
      own.delete(ws);
      if (own.size === 0 && sockets.get(userId) === own) sockets.delete(userId);
    });
    if (afterSeq !== null) {
      // A reconnecting client: replay what it missed.
      client.lastSeq = afterSeq;
      flush(ws, client);
    } else {
      // A new client starts from now; it may still ask for older ones with a hello.
      enqueue(ws, client, async () => {
        const [seq, count] = await Promise.all([latestSeq(userId), countUnread(userId)]);
        client.lastSeq = Math.max(client.lastSeq, seq);
        send(ws, { type: "unread", count });
      });
    }
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on("error", () => socket.destroy());
    const url = new URL(request.url ?? "/", "http://hub.invalid");
    if (url.pathname !== HUB_PATH) return refuse(socket, 404, "Not found.");
    if (closed) return refuse(socket, 503, "The server is shutting down.");
    authenticate(request, url)
      .then((outcome) => {
        if ("status" in outcome) return refuse(socket, outcome.status, outcome.message);
        if (socket.destroyed) return;
        wss.handleUpgrade(request, socket, head, (ws) =>
          register(ws, outcome.userId, toSeq(url.searchParams.get("afterSeq"))),
        );
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "notification hub: authentication failed");
        refuse(socket, 500, "Server error. Please try again later.");
      });
  }

  return {
    handleUpgrade,
    async attach(server) {
      server.on("upgrade", handleUpgrade);
      unsubscribe ??= await bus.listen(NOTIFICATION_CHANNEL, onSignal);
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      await unsubscribe?.();
      unsubscribe = null;
      for (const ws of wss.clients) ws.close(1001, "Server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Clients that do not answer the close handshake promptly are cut off.
      setTimeout(() => {
        for (const ws of wss.clients) ws.terminate();
      }, 1000).unref();
    },
    stats() {
      let count = 0;
      for (const set of sockets.values()) count += set.size;
      return { users: sockets.size, sockets: count };
    },
  };
}

type Outcome = { userId: string } | { status: 401 | 403; message: string };

/**
 * Who is connecting: a bearer token (header, or `access_token` in the query as browsers'
 * WebSocket clients send it) verified like the API's, or the session cookie, which counts only
 * when the handshake comes from our own origin (a page elsewhere could otherwise open a socket
 * with the visitor's cookie).
 */
async function authenticate(request: IncomingMessage, url: URL): Promise<Outcome> {
  const authorization = request.headers.authorization;
  const queryToken = url.searchParams.get("access_token");
  const host = request.headers.host ?? "localhost";
  const requestUrl = `http://${host}${url.pathname}`;
  if (authorization || queryToken) {
    const headers = new Headers({ Authorization: authorization ?? `Bearer ${queryToken}` });
    try {
      const { user } = await authenticateApiRequest(new Request(requestUrl, { headers }));
      if (!user) return { status: 401, message: "No account found. User must sign in first." };
      return { userId: user.userId };
    } catch (error) {
      const domainError = asDomainError(error);
      if (domainError?.status === 401) return { status: 401, message: domainError.message };
      throw error;
    }
  }
  const cookie = request.headers.cookie;
  if (!cookie) return { status: 401, message: "Authentication required. Please sign in." };
  if (!isOwnOrigin(request.headers.origin, host)) return { status: 403, message: "Cross-origin connection refused." };
  const user = await getOptionalUser(new Request(requestUrl, { headers: { Cookie: cookie } }));
  if (!user) return { status: 401, message: "Authentication required. Please sign in." };
  return { userId: user.userId };
}

/** Our own origin: one browsers reach us on, or the host the request came to (as the CSRF check). */
function isOwnOrigin(origin: string | undefined, host: string): boolean {
  if (!origin) return false;
  if (config.browserOrigins.includes(origin)) return true;
  try {
    const parsed = new URL(origin);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.host === host;
  } catch {
    return false;
  }
}

function toSeq(value: unknown): number | null {
  const seq = typeof value === "string" && value !== "" ? Number(value) : value;
  return typeof seq === "number" && Number.isSafeInteger(seq) && seq >= 0 ? seq : null;
}

/** A plain HTTP answer on the raw socket, then closed: a refused handshake never sees a 101. */
function refuse(socket: Duplex, status: number, message: string) {
  if (socket.destroyed) return;
  const body = `${message}\n`;
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "Connection: close",
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    ...(status === 401 ? ['WWW-Authenticate: Bearer realm="gainers-hub"'] : []),
  ];
  socket.end(`${headers.join("\r\n")}\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** The process's hub (one per process, DESIGN principle 1). */
export const notificationHub = (): NotificationHub => singleton("notification-hub", () => createNotificationHub());

/** server.ts: mounts the hub on the HTTP server. */
export function attachNotificationHub(server: Server): Promise<void> {
  return notificationHub().attach(server);
}

/** At shutdown: closes the hub's sockets. */
export function stopNotificationHub(): Promise<void> {
  return notificationHub().close();
}
