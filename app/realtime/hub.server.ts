import { type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import { authenticateApiRequest, getOptionalUser } from "~/auth/guards.server";
import { config } from "~/config.server";
import { logger } from "~/logger.server";
import { NOTIFICATION_CHANNEL, notificationSignal } from "~/models/notification.server";
import { countUnread, latestSeq, notificationsAfter } from "~/models/notification-inbox.server";
import { asDomainError } from "~/utils/errors.server";
import { singleton } from "~/utils/singleton.server";
import { type EventBus, listen, onBusReconnect } from "./bus.server";

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
  bus?: Pick<EventBus, "listen" | "onReconnect">;
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
  /** The seq of the latest hello not yet acted on: hellos that pile up while a push waits share it. */
  helloSeq: number | null;
  lastPong: number;
  /** Work for this socket runs one at a time, so notifications go out once and in order. */
  queue: Promise<void>;
  flushQueued: boolean;
  budget: MessageBudget;
}

const PING_INTERVAL_MS = 15_000;
/** Notifications one push reads and sends at most. */
const PUSH_PAGE = 100;
const PONG_TIMEOUT_MS = 30_000;
/** Browsers send nothing but an occasional hello; more than this is a client gone wrong or an attack. */
const MESSAGE_BURST = 20;
const MESSAGES_PER_SECOND = 2;
/** Tabs and devices one person may keep connected to one instance. */
const MAX_SOCKETS_PER_USER = 20;
/** A socket that does not read what it is sent is cut off before its backlog grows further. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The largest frame a client may send: a hello is a few dozen bytes. */
const MAX_FRAME_BYTES = 4096;
/** WebSocket close code for a client that broke the hub's rules (RFC 6455, policy violation). */
const POLICY_VIOLATION = 1008;

/** The one frame a client may send: what it has already seen, so the hub replays the rest. */
const helloFrame = z.object({
  type: z.literal("hello"),
  afterSeq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

/** A text frame's hello, or null for anything else (binary, not JSON, not a hello). */
function parseHello(data: RawData, isBinary: boolean): z.infer<typeof helloFrame> | null {
  if (isBinary) return null;
  let value: unknown;
  try {
    value = JSON.parse(String(data));
  } catch {
    return null;
  }
  const parsed = helloFrame.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A token bucket: `take()` is false once a socket sends faster than the hub allows. */
class MessageBudget {
  private tokens = MESSAGE_BURST;
  private refilledAt = Date.now();
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(MESSAGE_BURST, this.tokens + ((now - this.refilledAt) / 1000) * MESSAGES_PER_SECOND);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export function createNotificationHub(options: HubOptions = {}): NotificationHub {
  const bus = options.bus ?? { listen, onReconnect: onBusReconnect };
  const pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
  const pongTimeoutMs = options.pongTimeoutMs ?? PONG_TIMEOUT_MS;
  // No compression: a deflate context per socket costs far more memory than these small messages save.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Map<string, Set<WebSocket>>();
  const clients = new WeakMap<WebSocket, Client>();
  let unsubscribe: (() => Promise<void>) | null = null;
  let stopCatchingUp: (() => void) | null = null;
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
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return ws.terminate();
    ws.send(JSON.stringify(message));
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
      notificationsAfter(client.userId, client.lastSeq, PUSH_PAGE),
      countUnread(client.userId),
    ]);
    for (const notification of fresh) {
      send(ws, { type: "notification", notification });
      client.lastSeq = Math.max(client.lastSeq, notification.seq);
    }
    send(ws, { type: "unread", count });
    // A long absence is replayed a page at a time, each page its own turn in the queue.
    if (fresh.length === PUSH_PAGE) flush(ws, client);
  }

  /** A push for each signal or hello, but those that pile up while one waits share it. */
  function flush(ws: WebSocket, client: Client) {
    if (client.flushQueued) return;
    client.flushQueued = true;
    enqueue(ws, client, () => {
      client.flushQueued = false;
      if (client.helloSeq !== null) {
        client.lastSeq = client.helloSeq;
        client.helloSeq = null;
      }
      return push(ws, client);
    });
  }

  function flushUser(userId: string) {
    for (const ws of sockets.get(userId) ?? []) {
      const client = clients.get(ws);
      if (client) flush(ws, client);
    }
  }

  function onSignal(payload: unknown) {
    const signal = notificationSignal.safeParse(payload);
    if (signal.success) flushUser(signal.data.userId);
  }

  /** The bus was away: whatever it missed is read again for every socket. */
  function catchUp() {
    for (const userId of sockets.keys()) flushUser(userId);
  }

  function onMessage(ws: WebSocket, client: Client, data: RawData, isBinary: boolean) {
    if (!client.budget.take()) return ws.close(POLICY_VIOLATION, "Too many messages");
    const hello = parseHello(data, isBinary);
    if (!hello) return;
    client.helloSeq = hello.afterSeq;
    flush(ws, client);
  }

  function register(ws: WebSocket, userId: string, afterSeq: number | null) {
    const client: Client = {
      userId,
      lastSeq: 0,
      helloSeq: null,
      lastPong: Date.now(),
      queue: Promise.resolve(),
      flushQueued: false,
      budget: new MessageBudget(),
    };
    clients.set(ws, client);
    let own = sockets.get(userId);
    if (!own) sockets.set(userId, (own = new Set()));
    own.add(ws);
    ws.on("pong", () => (client.lastPong = Date.now()));
    ws.on("message", (data, isBinary) => onMessage(ws, client, data, isBinary));
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
        if ((sockets.get(outcome.userId)?.size ?? 0) >= MAX_SOCKETS_PER_USER) {
          return refuse(socket, 429, "Too many connections. Close a tab and try again.");
        }
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
      stopCatchingUp ??= bus.onReconnect(catchUp);
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      await unsubscribe?.();
      unsubscribe = null;
      stopCatchingUp?.();
      stopCatchingUp = null;
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
