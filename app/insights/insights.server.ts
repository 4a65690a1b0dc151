import { db } from "~/db.server";
import { queueRepositorySync } from "~/jobs/sync-repository.server";
import { logger } from "~/logger.server";
import { requireProjectMember } from "~/models/membership.server";
import type { CurrentUser } from "~/models/user.server";
import { DomainError } from "~/utils/errors.server";
import {
  type AchievementStatus,
  achievementStatuses,
  readAchievementCounts,
  readEarned,
} from "~/models/achievement.server";
import { readActivityCounts } from "~/models/activity-counts.server";
import {
  type ActivityWeek,
  type LinkedRepository,
  markPrepared,
  readActivityWeeks,
  readLinkedRepositories,
  readMyProjects,
  readPreparedAt,
  readSkills,
} from "./figures.server";
import { weekTotal } from "./activity-week";
import { writeOverallSummary } from "./summary-text";

/**
 * The Smart Summary (spec sections 2, 3 and 4): the signed-in person's figures, computed live
 * from their tasks, projects, forum activity, achievements and synced GitHub data with a fixed
 * handful of aggregate queries. Only for the person themselves; a project's figures only for
 * its members.
 */

export interface Kpi {
  icon: "tasks" | "projects" | "achievements" | "activity";
  value: string;
  subtitle: string;
  trend?: { direction: "up" | "down" | "flat"; label: string };
}

export interface InsightData {
  userId: string;
  prepared: boolean;
  preparedAt: string | null;
  projectId: string | null;
  projectName: string | null;
  projects: { projectId: string; projectName: string }[];
  overallSummary: string;
  kpis: Record<string, Kpi>;
  skillDistribution: Record<string, number>;
  activityMetrics: {
    totalTasks: number;
    completedTasks: number;
    completionRate: number;
    totalProjects: number;
    ownedProjects: number;
    activeProjects: number;
    completedProjects: number;
    totalAchievements: number;
  };
  technologies: { totalLanguages: number; totalTechnologies: number; languages: string[]; technologies: string[] };
  collaborationIndex: { pullRequests: number; pushes: number; collaborationRatioPercentage: number };
  completionTracker: { tasksStarted: number; tasksCompleted: number; completionRatePercentage: number };
  refactoringRate: { linesAdded: number; linesDeleted: number; refactoringRatioPercentage: number };
  achievements: AchievementStatus[];
  communityCollaboration: { posts: number; replies: number; likesReceived: number; uniquePeersInteracted: number };
  /** Teamwork on tasks: comments written, reviews asked for (and approved), reviews given. */
  taskCollaboration: { comments: number; reviewsRequested: number; reviewsApproved: number; reviewsGiven: number };
  githubData: {
    needsSetup: boolean;
    username: string | null;
    linkedRepos: LinkedRepository[];
    totalPullRequests: number;
    totalCommits: number;
    totalCodeReviews: number;
  };
  activityOverTime: ActivityWeek[];
}

export const percentage = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Shares of the most frequent skills (the rest as Other), rounded to whole percent. */
export function skillShares(skills: { name: string; projects: number }[], top = 6): Record<string, number> {
  const byName = new Map<string, number>();
  for (const skill of skills) byName.set(skill.name, (byName.get(skill.name) ?? 0) + skill.projects);
  const sorted = [...byName].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  const shown = sorted.slice(0, top);
  const rest = sorted.slice(top).reduce((sum, [, count]) => sum + count, 0);
  const shares: Record<string, number> = {};
  for (const [name, count] of shown) shares[name] = percentage(count, total);
  if (rest > 0) shares.Other = percentage(rest, total);
  return shares;
}

/** The skill of the most projects, when one leads (a tie names none). */
function topSkill(skills: { name: string; projects: number }[]): string | null {
  const [first, second] = [...skills].sort((a, b) => b.projects - a.projects);
  return first && (!second || first.projects > second.projects) ? first.name : null;
}

function weeklyTrend(weeks: ActivityWeek[]): Kpi["trend"] {
  const change = weekTotal(weeks.at(-1)) - weekTotal(weeks.at(-2));
  if (change === 0) return { direction: "flat", label: "same as last week" };
  return { direction: change > 0 ? "up" : "down", label: `${change > 0 ? "+" : ""}${change} vs last week` };
}

export async function getInsights(actor: CurrentUser, projectId?: string): Promise<InsightData> {
  const scope = projectId ? await requireProjectMember(db, actor, projectId) : null;
  const project = scope?.project ?? null;
  const [preparedAt, projects, counts, earned, skills, weeks, repositories] = await Promise.all([
    readPreparedAt(db, actor.userId),
    readMyProjects(db, actor.userId),
    readActivityCounts(db, actor.userId, projectId),
    readEarned(db, actor.userId),
    readSkills(db, actor.userId, projectId),
    readActivityWeeks(db, actor.userId, projectId),
    readLinkedRepositories(db, actor.userId, projectId),
  ]);
  // Achievements are the person's, whatever the project: counted over all their activity.
  const achievements = achievementStatuses(projectId ? await readAchievementCounts(db, actor.userId) : counts, earned);
  const earnedCount = achievements.filter((achievement) => achievement.earned).length;
  const completionRate = percentage(counts.completedTasks, counts.totalTasks);
  const gitHubConnected = counts.gitHubLogin !== null && repositories.some((repository) => repository.syncedAt);
  const shares = skillShares(skills);
  const languages = skills.filter((skill) => skill.kind === "language").map((skill) => skill.name);
  const technologies = skills.filter((skill) => skill.kind === "technology").map((skill) => skill.name);
  // The closest one already under way: one at 0% is no "next up", only a wish.
  const next = achievements
    .filter((achievement) => !achievement.earned && achievement.progressPercentage > 0)
    .sort((a, b) => b.progressPercentage - a.progressPercentage)[0];

  return {
    userId: actor.userId,
    prepared: preparedAt !== null,
    preparedAt: preparedAt?.toISOString() ?? null,
    projectId: project?.id ?? null,
    projectName: project?.name ?? null,
    projects,
    overallSummary: writeOverallSummary({
      firstName: actor.fullName.split(/\s+/)[0] ?? "",
      projectName: project?.name ?? null,
      ...counts,
      completionRate,
      gitHubConnected,
      earnedAchievements: earnedCount,
      totalAchievements: achievements.length,
      nextAchievement: next ?? null,
      topSkill: topSkill(skills),
    }),
    kpis: {
      completion: {
        icon: "tasks",
        value: `${completionRate}%`,
        subtitle: `${counts.completedTasks} of ${counts.totalTasks} tasks completed`,
      },
      projects: scope
        ? {
            icon: "projects",
            value: scope.membership.isAdmin ? "Admin" : "Member",
            subtitle: `your role: ${scope.membership.roleInProject}`,
          }
        : {
            icon: "projects",
            value: String(counts.totalProjects),
            subtitle: `${counts.activeProjects} active; you run ${counts.ownedProjects} (owner or admin)`,
          },
      achievements: {
        icon: "achievements",
        value: String(earnedCount),
        subtitle: `of ${achievements.length} achievements earned`,
      },
      activity: {
        icon: "activity",
        value: String(weeks.reduce((sum, week) => sum + weekTotal(week), 0)),
        subtitle: "tasks done, comments, reviews, posts and replies in 8 weeks",
        trend: weeklyTrend(weeks),
      },
    },
    skillDistribution: shares,
    activityMetrics: {
      totalTasks: counts.totalTasks,
      completedTasks: counts.completedTasks,
      completionRate,
      totalProjects: counts.totalProjects,
      ownedProjects: counts.ownedProjects,
      activeProjects: counts.activeProjects,
      completedProjects: counts.completedProjects,
      totalAchievements: earnedCount,
    },
    technologies: {
      totalLanguages: languages.length,
      totalTechnologies: technologies.length,
      languages,
      technologies,
    },
    collaborationIndex: {
      pullRequests: counts.pullRequests,
      pushes: counts.commits,
      collaborationRatioPercentage: percentage(counts.pullRequests, counts.pullRequests + counts.commits),
    },
    completionTracker: {
      tasksStarted: counts.startedTasks,
      tasksCompleted: counts.completedTasks,
      completionRatePercentage: completionRate,
    },
    refactoringRate: {
      linesAdded: counts.linesAdded,
      linesDeleted: counts.linesDeleted,
      refactoringRatioPercentage: percentage(counts.linesDeleted, counts.linesAdded + counts.linesDeleted),
    },
    achievements,
    communityCollaboration: {
      posts: counts.posts,
      replies: counts.replies,
      likesReceived: counts.likesReceived,
      uniquePeersInteracted: counts.uniquePeers,
    },
    taskCollaboration: {
      comments: counts.taskComments,
      reviewsRequested: counts.reviewsRequested,
      reviewsApproved: counts.reviewsApproved,
      reviewsGiven: counts.reviewsGiven,
    },
    githubData: {
      needsSetup: !gitHubConnected,
      username: counts.gitHubLogin,
      linkedRepos: repositories,
      totalPullRequests: counts.pullRequests,
      totalCommits: counts.commits,
      totalCodeReviews: counts.codeReviews,
    },
    activityOverTime: weeks,
  };
}

export const SYNC_FAILED = "Failed to sync project. Please try again.";

/**
 * 'Show me summary': queues a sync of every repository linked to the person's projects (or to
 * the one project), then marks their summary prepared. A sync already running is fine.
 */
export async function prepareInsights(
  actor: CurrentUser,
  projectId?: string,
): Promise<{ queued: number; running: number }> {
  if (projectId) await requireProjectMember(db, actor, projectId);
  const repositories = await readLinkedRepositories(db, actor.userId, projectId);
  let queued = 0;
  let running = 0;
  for (const repository of repositories) {
    try {
      const outcome = await queueRepositorySync(repository.projectId);
      if (outcome === "queued") queued++;
      else running++;
    } catch (error) {
      logger.error({ err: error, projectId: repository.projectId }, "insights: sync not queued");
      throw new DomainError(SYNC_FAILED, 502);
    }
  }
  await markPrepared(db, actor.userId);
  return { queued, running };
}
