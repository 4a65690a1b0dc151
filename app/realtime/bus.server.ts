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

const prefix = config.DATABASE_SCHEMA ? `${config.DATABASE_SCHEMA}.` : "";
const channelName = (channel: string) => `${prefix}${channel}`;

/** Sends `payload` (JSON, under 8000 bytes) on `channel` when `trx` commits. */
export async function notify(trx: Kysely<Database>, channel: string, payload: unknown): Promise<void> {
  await sql`select pg_notify(${channelName(channel)}, ${JSON.stringify(payload)})`.execute(trx);
}

interface Listener {
  handlers: Map<string, Set<Handler>>;
  client: Promise<pg.Client> | null;
}

const listener = singleton<Listener>("event-bus", () => ({ handlers: new Map(), client: null }));

function quote(channel: string) {
  return `"${channel.replaceAll('"', '""')}"`;
}

function connect(): Promise<pg.Client> {
  listener.client ??= (async () => {
    const client = new pg.Client(await databaseClientConfig());
    client.on("notification", ({ channel, payload }) => {
      let value: unknown = payload;
      try {
        value = payload === undefined ? undefined : JSON.parse(payload);
      } catch {
        // not JSON: hand over the text
      }
      for (const handler of listener.handlers.get(channel) ?? []) {
        try {
          handler(value);
        } catch (error) {
          logger.error({ err: error, channel }, "event handler failed");
        }
      }
    });
    client.on("error", (error) => {
      logger.error({ err: error }, "event bus connection lost; reconnecting");
      listener.client = null;
      setTimeout(() => void reconnect(), 1000).unref();
    });
    await client.connect();
    for (const channel of listener.handlers.keys()) await client.query(`listen ${quote(channel)}`);
    return client;
  })();
  return listener.client;
}

async function reconnect() {
  if (listener.handlers.size === 0) return;
  try {
    await connect();
  } catch (error) {
    listener.client = null;
    logger.error({ err: error }, "event bus reconnect failed");
    setTimeout(() => void reconnect(), 5000).unref();
  }
}

/** Calls `handler` with each payload sent on `channel`; resolves, once listening, to an unsubscribe. */
export async function listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
  const name = channelName(channel);
  let handlers = listener.handlers.get(name);
  const first = !handlers;
  if (!handlers) listener.handlers.set(name, (handlers = new Set()));
  handlers.add(handler);
  const client = await connect();
  if (first) await client.query(`listen ${quote(name)}`);
  return async () => {
    handlers.delete(handler);
    if (handlers.size > 0 || listener.handlers.get(name) !== handlers) return;
    listener.handlers.delete(name);
    await client.query(`unlisten ${quote(name)}`).catch(() => {});
  };
}

/** Closes the listening connection (at shutdown). */
export async function stopEventBus(): Promise<void> {
  const client = listener.client;
  listener.handlers.clear();
  listener.client = null;
  if (client) await (await client).end().catch(() => {});
}
