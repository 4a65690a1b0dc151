import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import type { DB } from "#db/connection";
import { config } from "~/config.server";
import type { Logger } from "pino";
import { logger } from "~/logger.server";

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
    throttle: { onRateLimit: onLimit("primary"), onSecondaryRateLimit: onLimit("secondary") },
    // Rate limits (403, 429) are the throttling plugin's: it waits by their reset headers.
    retry: {
      retries: options.retries ?? 2,
      retryAfterBaseValue: options.retryBaseMs ?? 1000,
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
    },
  });
  if (options.db) addConditionalRequests(octokit, options.db);
  return octokit;
}

/** The client for the configured GitHub, with the ETag store in the given database. */
export function gitHubClient(db: DB): GitHubClient {
  return createGitHubClient({ db });
}

function addConditionalRequests(octokit: GitHubClient, db: DB) {
  octokit.hook.wrap("request", async (request, options) => {
    if (options.method !== "GET") return request(options);
    const url = octokit.request.endpoint(options).url;
    const stored = await db
      .selectFrom("github_etags")
      .select(["etag", "link", "body"])
      .where("url", "=", url)
      .executeTakeFirst();
    if (stored) options.headers = { ...options.headers, "if-none-match": stored.etag };
    try {
      const response = await request(options);
      const etag = response.headers.etag;
      if (etag && response.status === 200) {
        const row = { etag, link: response.headers.link ?? null, body: JSON.stringify(response.data) };
        await db
          .insertInto("github_etags")
          .values({ url, ...row })
          .onConflict((conflict) => conflict.column("url").doUpdateSet({ ...row, fetched_at: new Date() }))
          .execute();
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
