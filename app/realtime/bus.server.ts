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
  /** Closes the listening connection. */
  stop(): Promise<void>;
}

function quote(channel: string) {
  return `"${channel.replaceAll('"', '""')}"`;
}

/**
 * A listener with a connection of its own. The app uses one per process (below); a test that
 * plays two app instances in one process makes a second.
 */
export function createEventBus(): EventBus {
  const handlers = new Map<string, Set<Handler>>();
  let current: Promise<pg.Client> | null = null;

  function connect(): Promise<pg.Client> {
    current ??= (async () => {
      const client = new pg.Client(await databaseClientConfig());
      client.on("notification", ({ channel, payload }) => {
        let value: unknown = payload;
        try {
          value = payload === undefined ? undefined : JSON.parse(payload);
        } catch {
          // not JSON: hand over the text
        }
        for (const handler of handlers.get(channel) ?? []) {
          try {
            handler(value);
          } catch (error) {
            logger.error({ err: error, channel }, "event handler failed");
          }
        }
      });
      client.on("error", (error) => {
        logger.error({ err: error }, "event bus connection lost; reconnecting");
        current = null;
        setTimeout(() => void reconnect(), 1000).unref();
      });
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`listen ${quote(channel)}`);
      return client;
    })();
    return current;
  }

  async function reconnect() {
    if (handlers.size === 0) return;
    try {
      await connect();
    } catch (error) {
      current = null;
      logger.error({ err: error }, "event bus reconnect failed");
      setTimeout(() => void reconnect(), 5000).unref();
    }
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
        await client.query(`unlisten ${quote(name)}`).catch(() => {});
      };
    },
    async stop() {
      const client = current;
      handlers.clear();
      current = null;
      if (client) await (await client).end().catch(() => {});
    },
  };
}

const processBus = singleton<EventBus>("event-bus", createEventBus);

/** Calls `handler` with each payload sent on `channel`; resolves, once listening, to an unsubscribe. */
export function listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
  return processBus.listen(channel, handler);
}

/** Closes the listening connection (at shutdown). */
export function stopEventBus(): Promise<void> {
  return processBus.stop();
}
