import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { EmbeddedDatabaseError, lockDataFolder } from "./data-folder-lock";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

export interface ConnectionOptions {
  /** PostgreSQL connection string; without one the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; omit for an in-memory one (tests). */
  dataDir?: string;
  /** PostgreSQL search_path, so that test runs can each use a schema of their own. */
  schema?: string;
  maxConnections?: number;
  /** PGlite extensions the embedded database loads (contrib names such as `pg_trgm`, or `vector`). */
  extensions?: string[];
  /** Told when an idle pooled connection drops (the server restarted); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}

/** What the schema needs from PGlite's extensions: trigram similarity and pgvector (search). */
const EMBEDDED_EXTENSIONS = ["pg_trgm", "vector"];

interface EmbeddedServer {
  url: Promise<string>;
  close(): Promise<void>;
}

/** The file in DATA_DIR holding the running embedded database's connection string (password included). */
export const EMBEDDED_URL_FILE = "embedded-db.url";

/**
 * The embedded database (PGlite) runs in a worker thread and is served over the PostgreSQL wire
 * protocol on a loopback port, so everything talks to it with plain `pg`. One per data folder
 * and process, kept on globalThis (DESIGN principle 1); a data folder is locked to its process.
 * Each start draws a new password, written with the address to a file only the owner can read.
 */
function embeddedServer(options: ConnectionOptions): EmbeddedServer {
  const store = globalThis as unknown as { __embeddedDatabases?: Map<string, EmbeddedServer> };
  store.__embeddedDatabases ??= new Map();
  const key = options.dataDir ?? ":memory:";
  const existing = store.__embeddedDatabases.get(key);
  if (existing) return existing;
  const server = startEmbeddedServer(options, () => store.__embeddedDatabases?.delete(key));
  store.__embeddedDatabases.set(key, server);
  return server;
}

function startEmbeddedServer(options: ConnectionOptions, forget: () => void): EmbeddedServer {
  const { dataDir } = options;
  let unlock = () => {};
  try {
    if (dataDir) unlock = lockDataFolder(dataDir);
  } catch (error) {
    const url = Promise.reject(error as Error);
    url.catch(() => {});
    return { url, close: async () => forget() };
  }
  const dataPath = dataDir ? path.join(dataDir, "pglite") : undefined;
  if (dataPath) fs.mkdirSync(dataPath, { recursive: true });
  const password = crypto.randomBytes(24).toString("base64url");
  const workerFile = createRequire(import.meta.url).resolve("#embedded-db-worker");
  const extensions = options.extensions ?? EMBEDDED_EXTENSIONS;
  const worker = new Worker(workerFile, { workerData: { dataDir: dataPath, extensions, password } });
  worker.unref();
  const url = new Promise<string>((resolve, reject) => {
    worker.once("error", (error) => reject(dataPath ? cannotOpen(dataPath, error) : error));
    worker.once("message", (reply: { port: number }) => {
      const address = `postgres://postgres:${password}@127.0.0.1:${reply.port}/postgres?sslmode=disable`;
      // Where psql, backups and end-to-end tests find a running server's database: its port is random.
      if (dataDir) writeOwnerOnly(path.join(dataDir, EMBEDDED_URL_FILE), `${address}\n`);
      resolve(address);
    });
  });
  url.catch(() => {});
  return {
    url,
    async close() {
      forget();
      const closed = new Promise((resolve) => worker.once("message", resolve));
      worker.postMessage("close");
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await worker.terminate();
      if (dataDir) fs.rmSync(path.join(dataDir, EMBEDDED_URL_FILE), { force: true });
      unlock();
    },
  };
}

/** Writes `content` to `file` readable by its owner alone, whatever mode an older copy had. */
function writeOwnerOnly(file: string, content: string) {
  fs.writeFileSync(file, content, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** A data folder PGlite could not open, said plainly with the way back. */
function cannotOpen(dataPath: string, cause: Error): EmbeddedDatabaseError {
  return new EmbeddedDatabaseError(
    `The embedded database in ${path.resolve(dataPath)} could not be opened (${cause.message}). ` +
      "Its files may be damaged. Restore the latest backup with `npm run db:restore -- <file>` " +
      "(README, Backups), or move the folder aside to start with an empty database.",
    { cause },
  );
}

/** The connection string of the database: the given URL, or the embedded server's loopback address. */
export function databaseUrl(options: ConnectionOptions): Promise<string> {
  return options.databaseUrl ? Promise.resolve(options.databaseUrl) : embeddedServer(options).url;
}

/** `pg` client settings for the database (search_path included). */
export async function clientConfig(options: ConnectionOptions): Promise<pg.ClientConfig> {
  return {
    connectionString: await databaseUrl(options),
    // Extensions are installed once per database, in public, so a schema of its own still sees them.
    options: options.schema ? `-c search_path=${options.schema},public` : undefined,
  };
}

/**
 * No parallel plans and no JIT compiling on PostgreSQL (the embedded database has neither): a
 * request's statements are short and many run at once. A search's candidates, planned to be read
 * whole but read only in part (app/search/full-text.server.ts), spent 100 ms starting and stopping
 * parallel workers and 40 ms compiling expressions for a 10 ms statement.
 */
const POSTGRES_SESSION_SETTINGS = "set max_parallel_workers_per_gather = 0; set jit = off";

/**
 * A statement whose text ends with this comment is prepared by name on each connection, so the
 * server keeps its plan: the hot statements of signed-in pages spent about four times as long
 * being planned as being run (PERFORMANCE.md). Only for statements whose best plan does not hang
 * on their values (a lookup by id), and whose text does not vary (no lists of values).
 */
export const KEEP_PLAN_MARK = "/* plan kept */";

/** The mark as SQL: `.modifyEnd(keepPlan)` on a query builder, or `${keepPlan}` ending a sql`…`. */
export const keepPlan = sql.raw(KEEP_PLAN_MARK);

/** Each marked text's statement name (a digest of the text; few texts are marked). */
const planNames = new Map<string, string>();
const planName = (text: string) => {
  let name = planNames.get(text);
  if (!name) planNames.set(text, (name = `k${crypto.createHash("sha1").update(text).digest("hex").slice(0, 24)}`));
  return name;
};

/**
 * Sends marked statements (KEEP_PLAN_MARK) as named ones; pg prepares each once per connection.
 * The embedded database's protocol server plans a named statement once, for any values
 * (`genericPlansForNamed`); PostgreSQL decides for itself after five runs.
 */
function keepMarkedPlans(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values: unknown, ...rest: unknown[]) => {
    if (typeof text !== "string" || !Array.isArray(values) || !text.endsWith(KEEP_PLAN_MARK)) {
      return query(text, values, ...rest);
    }
    return query({ name: planName(text), text, values }, ...rest);
  }) as typeof client.query;
}

/** Opens the database: a pg pool on the given URL, or on the embedded PGlite served in a worker. */
export function connectDatabase(options: ConnectionOptions): DB {
  const embedded = options.databaseUrl ? null : embeddedServer(options);
  const pool = async () => {
    const pool = new pg.Pool({ ...(await clientConfig(options)), max: options.maxConnections ?? 10 });
    // Without a listener, an idle connection dropped by a restarting server would crash the
    // process; the pool has already discarded it, and the next query opens a fresh one.
    pool.on("error", (error) => options.onIdleConnectionError?.(error));
    // The pool listens only to idle connections: one the server ends while it is checked out
    // (between two statements of a transaction, or just before its release) would crash the
    // process with an unhandled 'error' event. The statement in flight or the next one fails
    // with the same error (a 503), and the pool discards the broken connection on release.
    pool.on("connect", (client) => {
      client.on("error", () => {});
      keepMarkedPlans(client);
      // Queued before the statement the connection was opened for. Not a startup option, which
      // connection poolers such as PgBouncer refuse; a database that knows neither setting
      // (another PostgreSQL-compatible one) simply keeps its defaults.
      if (!embedded) client.query(POSTGRES_SESSION_SETTINGS).catch(() => {});
    });
    if (embedded) {
      const end = pool.end.bind(pool);
      pool.end = async () => {
        await end();
        await embedded.close();
      };
    }
    return pool;
  };
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    // Every statement, failed ones too, counts for countQueries().
    log: () => {
      const counter = queryCounters().getStore();
      if (counter) counter.queries++;
    },
  });
}

/** One per process (globalThis), like the databases whose statements it counts. */
function queryCounters(): AsyncLocalStorage<{ queries: number }> {
  const store = globalThis as unknown as { __queryCounters?: AsyncLocalStorage<{ queries: number }> };
  return (store.__queryCounters ??= new AsyncLocalStorage());
}

/**
 * Runs `work` and counts the SQL statements it sends, on any database this module opened: only
 * those of `work`'s own asynchronous calls, not those of concurrent requests. For tests and
 * benches that keep a screen's query count flat however much data it shows.
 */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const counter = { queries: 0 };
  const result = await queryCounters().run(counter, work);
  return { result, queries: counter.queries };
}
