import pMap from "p-map";
import { type OperationNodeSource, sql } from "kysely";
import type { DB } from "#db/connection";
import type { PullRequestState } from "#db/schema";
import { awardAchievements } from "~/models/achievement.server";
import { ConflictError, NotFoundError } from "~/utils/errors.server";
import { etagStoreOf, type GitHubClient, gitHubClient } from "./client.server";

/**
 * Repository sync: reads a linked repository from GitHub (facts, languages, contributors, pull
 * requests and their reviews, contributor statistics) and stores it for the Code tab, the stats
 * API and the insights. Every sync is a `sync_runs` row; the schema allows one running sync per
 * project. The job queue runs this; it also works on its own (tests, the CLI).
 */

/** At most this many pull requests (most recently updated first) are kept, and reviews read for. */
export const MAX_PULL_REQUESTS = 300;
export const MAX_REVIEWED_PULLS = 100;

export interface RepositorySnapshot {
  fullName: string;
  description: string | null;
  primaryLanguage: string | null;
  htmlUrl: string;
  defaultBranch: string | null;
  isPublic: boolean;
  stars: number;
  forks: number;
  /** Bytes by language, most first. */
  languages: [string, number][];
  contributors: { login: string; avatarUrl: string | null; htmlUrl: string | null; commits: number }[];
  pulls: {
    number: number;
    title: string;
    state: PullRequestState;
    authorLogin: string | null;
    htmlUrl: string | null;
    createdAt: string;
    updatedAt: string | null;
    mergedAt: string | null;
    closedAt: string | null;
  }[];
  reviews: {
    id: number;
    pullNumber: number;
    reviewerLogin: string | null;
    state: string;
    submittedAt: string | null;
  }[];
  /** Lines by login, or null while GitHub is still computing its statistics (202). */
  lines: Map<string, { added: number; deleted: number }> | null;
}

/** A sync failure with a message fit for the sync status; `retryable` says whether trying again may help. */
export class SyncError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "SyncError";
  }
}

/**
 * Reviews are read for this many pull requests at once: a sync waits on a few answers in turn
 * instead of one per pull request, and stays far below GitHub's limit on concurrent requests.
 */
export const REVIEW_READS_AT_ONCE = 5;

/** The list endpoints' parameters, shared by the requests and the ETag read-ahead (same URLs). */
const listParams = (owner: string, repo: string) => ({
  contributors: { owner, repo, per_page: 100 },
  pulls: { owner, repo, state: "all", sort: "updated", direction: "desc", per_page: 100 } as const,
  reviews: (pullNumber: number) => ({ owner, repo, pull_number: pullNumber, per_page: 100 }),
});

/**
 * Reads the repository: its facts first (a missing repository costs one request), then its
 * languages, contributors, pull requests (each followed by their reviews) and statistics at once.
 * The stored ETags of the URLs it asks for are read ahead, and the new ones written at the end.
 */
export async function fetchRepositorySnapshot(
  github: GitHubClient,
  owner: string,
  repo: string,
): Promise<RepositorySnapshot> {
  const etags = etagStoreOf(github);
  const params = listParams(owner, repo);
  etags?.begin();
  try {
    await etags?.readAhead([
      github.rest.repos.get.endpoint({ owner, repo }).url,
      github.rest.repos.listLanguages.endpoint({ owner, repo }).url,
      github.rest.repos.listContributors.endpoint(params.contributors).url,
      github.rest.pulls.list.endpoint(params.pulls).url,
      github.rest.repos.getContributorsStats.endpoint({ owner, repo }).url,
    ]);
    const { data: facts } = await github.rest.repos.get({ owner, repo });
    const [languages, contributors, { pulls, reviews }, stats] = await Promise.all([
      github.rest.repos.listLanguages({ owner, repo }).then((response) => response.data),
      github.paginate(github.rest.repos.listContributors, params.contributors),
      readPulls(github, owner, repo).then(async (pulls) => ({
        pulls,
        reviews: await readReviews(github, owner, repo, pulls),
      })),
      github.rest.repos.getContributorsStats({ owner, repo }),
    ]);
    let lines: RepositorySnapshot["lines"] = null;
    if (stats.status === 200 && Array.isArray(stats.data)) {
      lines = new Map();
      for (const entry of stats.data) {
        if (!entry.author?.login) continue;
        const added = entry.weeks.reduce((sum, week) => sum + (week.a ?? 0), 0);
        const deleted = entry.weeks.reduce((sum, week) => sum + (week.d ?? 0), 0);
        lines.set(entry.author.login.toLowerCase(), { added, deleted });
      }
    }
    return {
      fullName: facts.full_name,
      description: facts.description,
      primaryLanguage: facts.language ?? null,
      htmlUrl: facts.html_url,
      defaultBranch: facts.default_branch ?? null,
      isPublic: !facts.private,
      stars: facts.stargazers_count,
      forks: facts.forks_count,
      languages: Object.entries(languages as Record<string, number>).sort((a, b) => b[1] - a[1]),
      contributors: contributors
        .filter((contributor) => contributor.login)
        .map((contributor) => ({
          login: contributor.login!,
          avatarUrl: contributor.avatar_url ?? null,
          htmlUrl: contributor.html_url ?? null,
          commits: contributor.contributions,
        })),
      pulls,
      reviews,
      lines,
    };
  } catch (error) {
    throw asSyncError(error);
  } finally {
    await etags?.end();
  }
}

async function readPulls(github: GitHubClient, owner: string, repo: string) {
  const pulls: RepositorySnapshot["pulls"] = [];
  for await (const page of github.paginate.iterator(github.rest.pulls.list, listParams(owner, repo).pulls)) {
    for (const pull of page.data) {
      pulls.push({
        number: pull.number,
        title: pull.title,
        state: pull.merged_at ? "merged" : pull.state === "open" ? "open" : "closed",
        authorLogin: pull.user?.login ?? null,
        htmlUrl: pull.html_url ?? null,
        createdAt: pull.created_at,
        updatedAt: pull.updated_at ?? null,
        mergedAt: pull.merged_at ?? null,
        closedAt: pull.closed_at ?? null,
      });
    }
    if (pulls.length >= MAX_PULL_REQUESTS) break;
  }
  return pulls.slice(0, MAX_PULL_REQUESTS);
}

/** The reviews of the most recently updated pull requests, in the pull requests' order. */
async function readReviews(
  github: GitHubClient,
  owner: string,
  repo: string,
  pulls: RepositorySnapshot["pulls"],
): Promise<RepositorySnapshot["reviews"]> {
  const reviewed = pulls.slice(0, MAX_REVIEWED_PULLS);
  const { reviews: params } = listParams(owner, repo);
  await etagStoreOf(github)?.readAhead(
    reviewed.map((pull) => github.rest.pulls.listReviews.endpoint(params(pull.number)).url),
  );
  const perPull = await pMap(
    reviewed,
    async (pull) => {
      const pullReviews = await github.paginate(github.rest.pulls.listReviews, params(pull.number));
      return pullReviews.map((review) => ({
        id: review.id,
        pullNumber: pull.number,
        reviewerLogin: review.user?.login ?? null,
        state: review.state,
        submittedAt: review.submitted_at ?? null,
      }));
    },
    { concurrency: REVIEW_READS_AT_ONCE },
  );
  return perPull.flat();
}

/** What a failure means for the person looking at the sync status. */
export function asSyncError(error: unknown): SyncError {
  if (error instanceof SyncError) return error;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number") {
    if (status === 404) return new SyncError("Repository not found. It may have been removed or made private.", false);
    if (status === 401) return new SyncError("GitHub refused the configured token (401).", false);
    if (status === 403 || status === 429)
      return new SyncError("GitHub's rate limit is exhausted. The sync will try again later.", true);
    if (status >= 500) return new SyncError(`GitHub is unavailable right now (HTTP ${status}).`, true);
    return new SyncError(`GitHub answered HTTP ${status}.`, false);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SyncError(`Could not reach GitHub: ${message}`, true);
}

/** A run still `running` after this long was lost with its process (the job has long timed out). */
export const STALE_RUN_MS = 30 * 60 * 1000;

/** Starts a sync run for a project: a `running` row, or ConflictError while one is running. */
export async function startSyncRun(
  db: DB,
  projectId: string,
  trigger: "manual" | "scheduled" = "manual",
): Promise<string> {
  const repository = await db
    .selectFrom("repositories")
    .select("project_id")
    .where("project_id", "=", projectId)
    .executeTakeFirst();
  if (!repository) throw new NotFoundError("No repository is linked to this project.");
  await db
    .updateTable("sync_runs")
    .set({ status: "failed", finished_at: new Date(), error: "The sync stopped without finishing." })
    .where("project_id", "=", projectId)
    .where("status", "=", "running")
    .where("started_at", "<", new Date(Date.now() - STALE_RUN_MS))
    .execute();
  const run = await db
    .insertInto("sync_runs")
    .values({ project_id: projectId, status: "running", trigger })
    .onConflict((conflict) => conflict.column("project_id").where("status", "=", "running").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!run) throw new ConflictError("A sync is already running for this project.");
  return run.id;
}

export interface SyncOptions {
  github?: GitHubClient;
  /** The run to carry out (made by startSyncRun); without one a run is started here. */
  runId?: string;
  /** When a retryable failure should leave the run running for the next attempt (the job's retries). */
  willRetry?: boolean;
  /** For the client made here: awaited before each request (scheduled syncs yield to a person's) … */
  beforeRequest?: () => Promise<void>;
  /** … and its requests' queue in this process (a person's syncs have their own). */
  queue?: string;
}

export type SyncOutcome = { status: "completed"; runId: string } | { status: "failed"; runId: string; error: string };

/**
 * Syncs one project's repository: fetches everything first, then replaces the stored copy and
 * completes the run in one transaction. A failure marks the run failed with its message, unless
 * it may pass and `willRetry` says another attempt follows (then the error is thrown on).
 */
export async function syncRepository(db: DB, projectId: string, options: SyncOptions = {}): Promise<SyncOutcome> {
  const runId = options.runId ?? (await startSyncRun(db, projectId));
  // Counts the attempt and reads the linked repository in one statement.
  const run = await db
    .updateTable("sync_runs")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", runId)
    .where("project_id", "=", projectId)
    .where("status", "=", "running")
    .returning((eb) => [
      eb.selectFrom("repositories").select("owner").where("project_id", "=", projectId).as("owner"),
      eb.selectFrom("repositories").select("name").where("project_id", "=", projectId).as("name"),
    ])
    .executeTakeFirst();
  if (!run) throw new ConflictError("This sync has already finished.");
  try {
    const repository = run.owner && run.name ? { owner: run.owner, name: run.name } : null;
    if (!repository) throw new SyncError("No repository is linked to this project.", false);
    const github = options.github ?? gitHubClient(db, { beforeRequest: options.beforeRequest, queue: options.queue });
    const snapshot = await fetchRepositorySnapshot(github, repository.owner, repository.name);
    await db.transaction().execute(async (trx) => {
      await storeSnapshot(trx, projectId, snapshot);
      await awardMembers(trx, projectId);
      await trx
        .updateTable("sync_runs")
        .set({ status: "completed", finished_at: new Date(), error: null, message: "Synced." })
        .where("id", "=", runId)
        .execute();
    });
    return { status: "completed", runId };
  } catch (caught) {
    const error = asSyncError(caught);
    if (error.retryable && options.willRetry) {
      await db.updateTable("sync_runs").set({ error: error.message }).where("id", "=", runId).execute();
      throw error;
    }
    await failSyncRun(db, runId, error.message);
    return { status: "failed", runId, error: error.message };
  }
}

/** Synced commits and reviews count toward the achievements of the members they belong to. */
async function awardMembers(trx: DB, projectId: string): Promise<void> {
  const members = await trx
    .selectFrom("project_members")
    .select("user_id")
    .where("project_id", "=", projectId)
    .execute();
  for (const member of members) await awardAchievements(trx, member.user_id);
}

export async function failSyncRun(db: DB, runId: string, message: string): Promise<void> {
  await db
    .updateTable("sync_runs")
    .set({ status: "failed", finished_at: new Date(), error: message })
    .where("id", "=", runId)
    .where("status", "=", "running")
    .execute();
}

const CHUNK = 500;
function chunks<Item>(items: Item[]): Item[][] {
  const result: Item[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) result.push(items.slice(index, index + CHUNK));
  return result;
}

async function storeSnapshot(trx: DB, projectId: string, snapshot: RepositorySnapshot) {
  const openPulls = snapshot.pulls.filter((pull) => pull.state === "open").length;
  // One statement updates the facts, empties the stored copy (reviews go with their pull
  // requests) and reads the contributors' previous line counts from the rows it removes.
  const previous = await trx
    .with("languages_gone", (db) => db.deleteFrom("repository_languages").where("project_id", "=", projectId))
    .with("pulls_gone", (db) => db.deleteFrom("pull_requests").where("project_id", "=", projectId))
    .with("facts", (db) =>
      db
        .updateTable("repositories")
        .set({
          full_name: snapshot.fullName,
          description: snapshot.description,
          primary_language: snapshot.primaryLanguage,
          languages: snapshot.languages.map(([language]) => language),
          stars_count: snapshot.stars,
          forks_count: snapshot.forks,
          open_pull_requests: openPulls,
          is_public: snapshot.isPublic,
          default_branch: snapshot.defaultBranch,
          html_url: snapshot.htmlUrl,
          fetched_at: new Date(),
        })
        .where("project_id", "=", projectId),
    )
    .with("previous", (db) =>
      db
        .deleteFrom("contributions")
        .where("project_id", "=", projectId)
        .returning(["username", "lines_added", "lines_deleted"]),
    )
    .selectFrom("previous")
    .select(["username", "lines_added", "lines_deleted"])
    .execute();

  // The new rows go in together, a few statements' worth of inserts as one statement.
  const inserts: Insert[] = [];
  if (snapshot.languages.length) {
    const values = snapshot.languages.map(([language, bytes]) => ({ project_id: projectId, language, bytes }));
    inserts.push({ query: trx.insertInto("repository_languages").values(values), parameters: values.length * 3 });
  }
  for (const chunk of chunks(snapshot.pulls)) {
    inserts.push({
      query: trx.insertInto("pull_requests").values(
        chunk.map((pull) => ({
          project_id: projectId,
          number: pull.number,
          title: pull.title,
          state: pull.state,
          author_login: pull.authorLogin,
          html_url: pull.htmlUrl,
          created_at: pull.createdAt,
          updated_at: pull.updatedAt,
          merged_at: pull.mergedAt,
          closed_at: pull.closedAt,
        })),
      ),
      parameters: chunk.length * 10,
    });
  }
  const numbers = new Set(snapshot.pulls.map((pull) => pull.number));
  for (const chunk of chunks(snapshot.reviews.filter((review) => numbers.has(review.pullNumber)))) {
    inserts.push({
      query: trx
        .insertInto("pull_request_reviews")
        .values(
          chunk.map((review) => ({
            project_id: projectId,
            id: review.id,
            pull_number: review.pullNumber,
            reviewer_login: review.reviewerLogin,
            state: review.state,
            submitted_at: review.submittedAt,
          })),
        )
        .onConflict((conflict) => conflict.columns(["project_id", "id"]).doNothing()),
      parameters: chunk.length * 6,
    });
  }

  // Contributors: commits from GitHub's list; pull requests and reviews counted from the rows
  // above; lines from the statistics, or the previous values while GitHub is still computing.
  const previousLines = new Map(previous.map((row) => [row.username.toLowerCase(), row]));
  type Row = {
    login: string;
    avatarUrl: string | null;
    htmlUrl: string | null;
    commits: number;
    pulls: number;
    reviews: number;
  };
  const people = new Map<string, Row>();
  const person = (login: string) => {
    const id = login.toLowerCase();
    let row = people.get(id);
    if (!row) {
      row = { login, avatarUrl: null, htmlUrl: `https://github.com/${login}`, commits: 0, pulls: 0, reviews: 0 };
      people.set(id, row);
    }
    return row;
  };
  for (const contributor of snapshot.contributors) {
    Object.assign(person(contributor.login), {
      avatarUrl: contributor.avatarUrl,
      htmlUrl: contributor.htmlUrl,
      commits: contributor.commits,
    });
  }
  for (const pull of snapshot.pulls) if (pull.authorLogin) person(pull.authorLogin).pulls += 1;
  for (const review of snapshot.reviews) {
    if (review.reviewerLogin && numbers.has(review.pullNumber)) person(review.reviewerLogin).reviews += 1;
  }
  const rows = [...people.values()].map((row) => {
    const lines = snapshot.lines?.get(row.login.toLowerCase());
    const before = previousLines.get(row.login.toLowerCase());
    return {
      project_id: projectId,
      username: row.login,
      avatar_url: row.avatarUrl,
      github_url: row.htmlUrl,
      commits: row.commits,
      pull_requests: row.pulls,
      code_reviews: row.reviews,
      lines_added: snapshot.lines ? (lines?.added ?? 0) : (before?.lines_added ?? 0),
      lines_deleted: snapshot.lines ? (lines?.deleted ?? 0) : (before?.lines_deleted ?? 0),
    };
  });
  for (const chunk of chunks(rows)) {
    inserts.push({ query: trx.insertInto("contributions").values(chunk), parameters: chunk.length * 9 });
  }
  await insertTogether(trx, inserts);
}

interface Insert {
  query: OperationNodeSource;
  /** Its bound values: a statement may carry at most 65,535. */
  parameters: number;
}

/** Bound values per combined statement, well below PostgreSQL's limit of 65,535. */
const MAX_PARAMETERS = 30_000;

/**
 * Runs the inserts in order, consecutive ones as one statement of data-modifying CTEs while their
 * bound values fit: one round trip instead of one each. Foreign keys are checked at the end of a
 * statement, so reviews may go in with their pull requests.
 */
async function insertTogether(trx: DB, inserts: Insert[]): Promise<void> {
  let group: Insert[] = [];
  let parameters = 0;
  const flush = async () => {
    if (group.length === 0) return;
    const [last, ...before] = [...group].reverse();
    const ctes = before.reverse().map((insert, index) => sql`${sql.id(`insert_${index}`)} as (${insert.query})`);
    await (ctes.length ? sql`with ${sql.join(ctes)} ${last!.query}` : sql`${last!.query}`).execute(trx);
    group = [];
    parameters = 0;
  };
  for (const insert of inserts) {
    if (parameters + insert.parameters > MAX_PARAMETERS) await flush();
    group.push(insert);
    parameters += insert.parameters;
  }
  await flush();
}
