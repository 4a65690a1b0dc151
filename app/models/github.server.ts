import { sql } from "kysely";
import type { DB } from "#db/connection";
import { db } from "~/db.server";
import { queueRepositorySync } from "~/jobs/sync-repository.server";
import type { CurrentUser } from "~/models/user.server";
import { NotFoundError } from "~/utils/errors.server";
import { requireProjectMember } from "./membership.server";
import { utcText } from "~/utils/utc";

/**
 * What the project's members see of its GitHub repository: the repository card, stats,
 * contributors (matched to members by the GitHub login on their profile) and the sync status.
 * Members only; the API routes and the Code tab both come through here.
 */

export interface RepositoryView {
  fullName: string;
  description: string | null;
  primaryLanguage: string | null;
  languages: string[];
  languageShares: { name: string; percentage: number }[];
  starsCount: number;
  forksCount: number;
  isPublic: boolean;
  url: string;
  defaultBranch: string | null;
  openPullRequests: number;
  lastSyncedAt: string | null;
}

export interface ContributionView {
  username: string;
  avatarUrl: string | null;
  githubUrl: string | null;
  commits: number;
  pullRequests: number;
  codeReviews: number;
  linesAdded: number;
  linesDeleted: number;
  /** The project member whose profile names this GitHub login. */
  member: { userId: string; fullName: string; roleInProject: string } | null;
}

export type SyncState = "idle" | "running" | "completed" | "failed";

export interface SyncStatusView {
  status: SyncState;
  startedAt: string | null;
  finishedAt: string | null;
  /** When the repository data was last refreshed successfully. */
  lastSyncedAt: string | null;
  error: string | null;
  attempts: number;
}

export interface GitHubStatsView {
  openPullRequests: number;
  pullRequests: { open: number; closed: number; merged: number; total: number };
  commits: number;
  codeReviews: number;
  contributors: number;
  linesAdded: number;
  linesDeleted: number;
  starsCount: number;
  forksCount: number;
  lastSyncedAt: string | null;
}

export async function readRepository(executor: DB, projectId: string): Promise<RepositoryView | null> {
  const row = await executor
    .selectFrom("repositories")
    .selectAll()
    .where("project_id", "=", projectId)
    .executeTakeFirst();
  if (!row) return null;
  const languages = await executor
    .selectFrom("repository_languages")
    .select(["language", "bytes"])
    .where("project_id", "=", projectId)
    .orderBy("bytes", "desc")
    .orderBy("language")
    .execute();
  const total = languages.reduce((sum, language) => sum + Number(language.bytes), 0);
  return {
    fullName: row.full_name ?? `${row.owner}/${row.name}`,
    description: row.description,
    primaryLanguage: row.primary_language,
    languages: languages.length ? languages.map((language) => language.language) : row.languages,
    languageShares: languages.map((language) => ({
      name: language.language,
      percentage: total ? Math.round((Number(language.bytes) / total) * 1000) / 10 : 0,
    })),
    starsCount: row.stars_count,
    forksCount: row.forks_count,
    isPublic: row.is_public,
    url: row.html_url ?? row.url,
    defaultBranch: row.default_branch,
    openPullRequests: row.open_pull_requests,
    lastSyncedAt: utcText(row.fetched_at),
  };
}

/** GitHub login named by a profile's GitHub address (https://github.com/{login}). */
export function gitHubLogin(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9-]{1,39})\/?$/i.exec(url.trim());
  return match ? match[1]!.toLowerCase() : null;
}

export async function readContributions(executor: DB, projectId: string): Promise<ContributionView[]> {
  const [rows, members] = await Promise.all([
    executor
      .selectFrom("contributions")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("commits", "desc")
      .orderBy(sql`pull_requests + code_reviews`, "desc")
      .orderBy("username")
      .execute(),
    executor
      .selectFrom("project_members")
      .innerJoin("users", "users.id", "project_members.user_id")
      .leftJoin("gainer_profiles", "gainer_profiles.user_id", "users.id")
      .leftJoin("mentor_profiles", "mentor_profiles.user_id", "users.id")
      .select([
        "users.id as userId",
        "users.full_name as fullName",
        "project_members.role_in_project as roleInProject",
        "gainer_profiles.github_url as gainerGitHub",
        "mentor_profiles.github_url as mentorGitHub",
      ])
      .where("project_members.project_id", "=", projectId)
      .execute(),
  ]);
  const byLogin = new Map<string, ContributionView["member"]>();
  for (const member of members) {
    const login = gitHubLogin(member.gainerGitHub) ?? gitHubLogin(member.mentorGitHub);
    if (login)
      byLogin.set(login, { userId: member.userId, fullName: member.fullName, roleInProject: member.roleInProject });
  }
  return rows.map((row) => ({
    username: row.username,
    avatarUrl: row.avatar_url,
    githubUrl: row.github_url,
    commits: row.commits,
    pullRequests: row.pull_requests,
    codeReviews: row.code_reviews,
    linesAdded: row.lines_added,
    linesDeleted: row.lines_deleted,
    member: byLogin.get(row.username.toLowerCase()) ?? null,
  }));
}

export async function readSyncStatus(executor: DB, projectId: string): Promise<SyncStatusView> {
  const [run, repository] = await Promise.all([
    executor
      .selectFrom("sync_runs")
      .selectAll()
      .where("project_id", "=", projectId)
      .orderBy("started_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    executor.selectFrom("repositories").select("fetched_at").where("project_id", "=", projectId).executeTakeFirst(),
  ]);
  return {
    status: run?.status ?? "idle",
    startedAt: utcText(run?.started_at),
    finishedAt: utcText(run?.finished_at),
    lastSyncedAt: utcText(repository?.fetched_at),
    error: run?.status === "completed" ? null : (run?.error ?? null),
    attempts: run?.attempts ?? 0,
  };
}

export async function readStats(executor: DB, projectId: string): Promise<GitHubStatsView> {
  const [pulls, people, repository] = await Promise.all([
    executor
      .selectFrom("pull_requests")
      .select(["state", (eb) => eb.fn.countAll<string>().as("count")])
      .where("project_id", "=", projectId)
      .groupBy("state")
      .execute(),
    executor
      .selectFrom("contributions")
      .select((eb) => [
        eb.fn.countAll<string>().as("contributors"),
        eb.fn.coalesce(eb.fn.sum<string>("commits"), sql<string>`0`).as("commits"),
        eb.fn.coalesce(eb.fn.sum<string>("code_reviews"), sql<string>`0`).as("codeReviews"),
        eb.fn.coalesce(eb.fn.sum<string>("lines_added"), sql<string>`0`).as("linesAdded"),
        eb.fn.coalesce(eb.fn.sum<string>("lines_deleted"), sql<string>`0`).as("linesDeleted"),
      ])
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow(),
    executor
      .selectFrom("repositories")
      .select(["stars_count", "forks_count", "open_pull_requests", "fetched_at"])
      .where("project_id", "=", projectId)
      .executeTakeFirst(),
  ]);
  const count = (state: string) => Number(pulls.find((row) => row.state === state)?.count ?? 0);
  const open = repository ? repository.open_pull_requests : 0;
  return {
    openPullRequests: open,
    pullRequests: {
      open,
      closed: count("closed"),
      merged: count("merged"),
      total: count("open") + count("closed") + count("merged"),
    },
    commits: Number(people.commits),
    codeReviews: Number(people.codeReviews),
    contributors: Number(people.contributors),
    linesAdded: Number(people.linesAdded),
    linesDeleted: Number(people.linesDeleted),
    starsCount: repository?.stars_count ?? 0,
    forksCount: repository?.forks_count ?? 0,
    lastSyncedAt: utcText(repository?.fetched_at),
  };
}

/** The linked repository (404 when none is linked). Members only. */
export async function getRepository(actor: CurrentUser, projectId: string): Promise<RepositoryView> {
  await requireProjectMember(db, actor, projectId);
  const repository = await readRepository(db, projectId);
  if (!repository) throw new NotFoundError("No repository is linked to this project.");
  return repository;
}

export async function getContributions(actor: CurrentUser, projectId: string): Promise<ContributionView[]> {
  await requireProjectMember(db, actor, projectId);
  return readContributions(db, projectId);
}

export async function getSyncStatus(actor: CurrentUser, projectId: string): Promise<SyncStatusView> {
  await requireProjectMember(db, actor, projectId);
  return readSyncStatus(db, projectId);
}

export async function getGitHubStats(actor: CurrentUser, projectId: string): Promise<GitHubStatsView> {
  await requireProjectMember(db, actor, projectId);
  return readStats(db, projectId);
}

/** Everything the Code tab shows, in one call. */
export async function getCodeTab(actor: CurrentUser, projectId: string) {
  await requireProjectMember(db, actor, projectId);
  const [repository, contributors, sync] = await Promise.all([
    readRepository(db, projectId),
    readContributions(db, projectId),
    readSyncStatus(db, projectId),
  ]);
  return { repository, contributors, sync };
}

/**
 * Queues a sync of the project's repository (members only); a worker carries it out. While one is
 * running, its status is the answer. Without a linked repository: 404.
 */
export async function requestSync(actor: CurrentUser, projectId: string): Promise<SyncStatusView> {
  await requireProjectMember(db, actor, projectId);
  await queueRepositorySync(projectId);
  return readSyncStatus(db, projectId);
}
