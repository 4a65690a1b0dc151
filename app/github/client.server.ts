import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import type { DB } from "#db/connection";
import { config } from "~/config.server";
import type { Logger } from "pino";
import { logger } from "~/logger.server";
import { EtagStore } from "./etags.server";

/**
 * The GitHub REST client: Octokit at `GITHUB_API_URL` (GitHub Enterprise works), `GITHUB_TOKEN`
 * optional. The throttling plugin waits out 403/429 rate limits by their reset headers, the retry
 * plugin retries server errors with backoff, and GETs are conditional: a stored ETag goes out as
 * `If-None-Match`, and a 304 (which costs no rate limit) answers with the stored body.
 */
const GitHubOctokit = Octokit.plugin(throttling, retry);
export type GitHubClient = InstanceType<typeof GitHubOctokit>;

export interface GitHubClientOptions {
  baseUrl?: string;
  token?: string;
  /** Where ETags and their bodies are kept (the `github_etags` table); none: no conditional requests. */
  db?: DB;
  /** The longest rate-limit wait worth sitting out in-process; longer ones fail (the job retries later). */
  maxRateLimitWaitSeconds?: number;
  /** Retries of server errors and their base delay (ms; delays grow as 1, 4, 9 × base). */
  retries?: number;
  retryBaseMs?: number;
  /** Awaited before each request: a scheduled sync waits there while a person's runs. */
  beforeRequest?: () => Promise<void>;
  /**
   * Clients with the same id share one queue of at most 10 requests at once in this process; a
   * person's sync has its own, so its requests do not queue behind the scheduled syncs' ones.
   */
  queue?: string;
}

/** Octokit's request messages for the app's log, at the level that fits what happened. */
export function octokitLog(log: Pick<Logger, "debug" | "warn" | "error">) {
  return {
    debug: () => {},
    info: () => {},
    warn: (message: string) => log.warn(message),
    // A 304 answers one of the sync's conditional requests (nothing changed): Octokit calls it an error.
    error: (message: string) => (/ - 304 with id /.test(message) ? log.debug(message) : log.error(message)),
  };
}

export function createGitHubClient(options: GitHubClientOptions = {}): GitHubClient {
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  const log = logger.child({ component: "github" });
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      const wait = retryCount < 2 && retryAfter <= maxWait;
      log.warn({ retryAfter, retryCount, url: request.url, wait }, `GitHub ${kind} rate limit`);
      return wait;
    };
  const octokit = new GitHubOctokit({
    baseUrl: (options.baseUrl ?? config.GITHUB_API_URL).replace(/\/+$/, ""),
    auth: options.token ?? (config.GITHUB_TOKEN || undefined),
    userAgent: "gainers-hub",
    log: octokitLog(log),
    throttle: {
      ...(options.queue ? { id: options.queue } : {}),
      onRateLimit: onLimit("primary"),
      onSecondaryRateLimit: onLimit("secondary"),
    },
    // Rate limits (403, 429) are the throttling plugin's: it waits by their reset headers.
    retry: {
      retries: options.retries ?? 2,
      retryAfterBaseValue: options.retryBaseMs ?? 1000,
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
    },
  });
  if (options.db) addConditionalRequests(octokit, options.db);
  const { beforeRequest } = options;
  if (beforeRequest) octokit.hook.before("request", () => beforeRequest());
  return octokit;
}

/** The client for the configured GitHub, with the ETag store in the given database. */
export function gitHubClient(db: DB, options: Pick<GitHubClientOptions, "beforeRequest" | "queue"> = {}): GitHubClient {
  return createGitHubClient({ db, ...options });
}

/** Each client's ETag store (none for a client without a database). */
const etagStores = new WeakMap<GitHubClient, EtagStore>();

/** The client's ETag store, for a sync that batches its reads and writes. */
export function etagStoreOf(octokit: GitHubClient): EtagStore | undefined {
  return etagStores.get(octokit);
}

function addConditionalRequests(octokit: GitHubClient, db: DB) {
  const store = new EtagStore(db);
  etagStores.set(octokit, store);
  octokit.hook.wrap("request", async (request, options) => {
    if (options.method !== "GET") return request(options);
    const url = octokit.request.endpoint(options).url;
    const stored = await store.read(url);
    if (stored) options.headers = { ...options.headers, "if-none-match": stored.etag };
    try {
      const response = await request(options);
      const etag = response.headers.etag;
      if (etag && response.status === 200) {
        await store.write(url, { etag, link: response.headers.link ?? null, body: response.data });
      }
      return response;
    } catch (error) {
      if (stored && (error as { status?: number }).status === 304) {
        const headers = (error as { response?: { headers?: Record<string, string> } }).response?.headers ?? {};
        return {
          status: 200,
          url,
          headers: { ...headers, etag: stored.etag, ...(stored.link ? { link: stored.link } : {}) },
          data: stored.body,
        } as Awaited<ReturnType<typeof request>>;
      }
      throw error;
    }
  });
}
