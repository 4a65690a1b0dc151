import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "#db/schema";
import { config } from "~/config.server";
import { databaseClientConfig } from "~/db.server";
import { logger } from "~/logger.server";
import { singleton } from "~/utils/singleton.server";

/**
 * The event bus: PostgreSQL LISTEN/NOTIFY, on PostgreSQL and on the embedded database alike.
 * `notify` inside a transaction is delivered when it commits (never on rollback), to every app
 * instance that listens. Channels are namespaced by DATABASE_SCHEMA, so side-by-side setups and
 * test runs sharing a database never hear each other.
 */
type Handler = (payload: unknown) => void;

// The public schema has no prefix: database triggers name their channels the same way.
const schema = config.DATABASE_SCHEMA;
const prefix = schema && schema !== "public" ? `${schema}.` : "";
const channelName = (channel: string) => `${prefix}${channel}`;

/** Sends `payload` (JSON, under 8000 bytes) on `channel` when `trx` commits. */
export async function notify(trx: Kysely<Database>, channel: string, payload: unknown): Promise<void> {
  await sql`select pg_notify(${channelName(channel)}, ${JSON.stringify(payload)})`.execute(trx);
}

export interface EventBus {
  /** Calls `handler` with each payload sent on `channel`; resolves, once listening, to an unsubscribe. */
  listen(channel: string, handler: Handler): Promise<() => Promise<void>>;
  /**
   * Calls `handler` each time the listening connection is back after a loss, once it listens
   * again: notices sent meanwhile are gone, so whoever keeps state from them catches up.
   */
  onReconnect(handler: () => void): () => void;
  /** Whether the listening connection is up now: notices sent while it is not are lost. */
  isListening(): boolean;
  /** Closes the listening connection. */
  stop(): Promise<void>;
}

function quote(channel: string) {
  return `"${channel.replaceAll('"', '""')}"`;
}

const RECONNECT_DELAY_MS = 1000;
const RECONNECT_RETRY_MS = 5000;

/** Runs `handler`, logging instead of throwing: one bad handler never stops the others. */
function runSafely(handler: () => void, what: string) {
  try {
    handler();
  } catch (error) {
    logger.error({ err: error }, what);
  }
}

/**
 * A listener with a connection of its own. The app uses one per process (below); a test that
 * plays two app instances in one process makes a second. Kept rather than pg-listen, which gives
 * up reconnecting after a few seconds by default and has no hook to run once it listens again.
 */
export function createEventBus(): EventBus {
  const handlers = new Map<string, Set<Handler>>();
  const reconnectHandlers = new Set<() => void>();
  let current: Promise<pg.Client> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let connectedBefore = false;
  let stopped = false;
  let up = false;

  function deliver({ channel, payload }: pg.Notification) {
    let value: unknown = payload;
    try {
      value = payload === undefined ? undefined : JSON.parse(payload);
    } catch {
      // not JSON: hand over the text
    }
    for (const handler of handlers.get(channel) ?? []) runSafely(() => handler(value), "event handler failed");
  }

  async function open(): Promise<pg.Client> {
    const client = new pg.Client({ ...(await databaseClientConfig()), keepAlive: true });
    client.on("error", () => {});
    client.on("notification", deliver);
    await client.connect();
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      up = false;
      client.end().catch(() => {});
      if (stopped) return;
      logger.error({ err: error }, "event bus connection lost; reconnecting");
      current = null;
      scheduleReconnect(RECONNECT_DELAY_MS);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    for (const channel of handlers.keys()) await client.query(`listen ${quote(channel)}`);
    up = !lost;
    if (connectedBefore) {
      logger.info("event bus listening again; catching up on what it missed");
      for (const handler of reconnectHandlers) runSafely(handler, "event bus catch-up failed");
    }
    connectedBefore = true;
    return client;
  }

  function connect(): Promise<pg.Client> {
    current ??= open().catch((error: unknown) => {
      current = null;
      throw error;
    });
    return current;
  }

  function scheduleReconnect(delay: number) {
    if (reconnectTimer || stopped || handlers.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch((error: unknown) => {
        logger.error({ err: error }, "event bus reconnect failed");
        scheduleReconnect(RECONNECT_RETRY_MS);
      });
    }, delay);
    reconnectTimer.unref();
  }

  return {
    async listen(channel, handler) {
      const name = channelName(channel);
      let set = handlers.get(name);
      const first = !set;
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      const client = await connect();
      if (first) await client.query(`listen ${quote(name)}`);
      return async () => {
        set.delete(handler);
        if (set.size > 0 || handlers.get(name) !== set) return;
        handlers.delete(name);
        const listening = await current?.catch(() => null);
        await listening?.query(`unlisten ${quote(name)}`).catch(() => {});
      };
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    isListening: () => up,
    async stop() {
      stopped = true;
      up = false;
      const client = current;
      handlers.clear();
      reconnectHandlers.clear();
      current = null;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (client) await (await client.catch(() => null))?.end().catch(() => {});
    },
  };
}

const processBus = singleton<EventBus>("event-bus", createEventBus);

/** Calls `handler` with each payload sent on `channel`; resolves, once listening, to an unsubscribe. */
export function listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
  return processBus.listen(channel, handler);
}

/** Calls `handler` each time this process's bus listens again after losing its connection. */
export function onBusReconnect(handler: () => void): () => void {
  return processBus.onReconnect(handler);
}

/** Whether this process's bus hears notices now. */
export function busIsListening(): boolean {
  return processBus.isListening();
}

/** Closes the listening connection (at shutdown). */
export function stopEventBus(): Promise<void> {
  return processBus.stop();
}
