/**
 * The Overall Summary, written by rules from the figures (never invented): one sentence per
 * line, with `*bold*` around the numbers that matter. Names taken from user data lose their
 * asterisks so they cannot change the formatting; the screen escapes everything it shows.
 */
import type { ActivityCounts } from "~/models/activity-counts.server";

/** The activity figures the summary quotes, with what the page works out beside them. */
export type SummaryFacts = Pick<
  ActivityCounts,
  | "gitHubLogin"
  | "totalTasks"
  | "completedTasks"
  | "totalProjects"
  | "ownedProjects"
  | "activeProjects"
  | "completedProjects"
  | "posts"
  | "replies"
  | "likesReceived"
  | "uniquePeers"
  | "taskComments"
  | "reviewsRequested"
  | "reviewsApproved"
  | "reviewsGiven"
> & {
  firstName: string;
  projectName: string | null;
  completionRate: number;
  gitHubConnected: boolean;
  pullRequests: number;
  commits: number;
  codeReviews: number;
  earnedAchievements: number;
  totalAchievements: number;
  nextAchievement: { title: string; progressPercentage: number } | null;
  topSkill: string | null;
};

const plain = (text: string) => text.replace(/\*/g, "");
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Comments and reviews on tasks, in one sentence naming only what happened; null when nothing did. */
function taskTeamwork(facts: SummaryFacts): string | null {
  const parts: string[] = [];
  if (facts.taskComments) parts.push(`wrote *${plural(facts.taskComments, "comment")}*`);
  if (facts.reviewsRequested)
    parts.push(`asked for *${plural(facts.reviewsRequested, "review")}* (*${facts.reviewsApproved} approved*)`);
  if (facts.reviewsGiven) parts.push(`gave *${plural(facts.reviewsGiven, "review")}* of others' work`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `On tasks you ${list}.`;
}

export function writeOverallSummary(facts: SummaryFacts): string {
  const lines: string[] = [];
  const where = facts.projectName ? ` in *${plain(facts.projectName)}*` : "";
  lines.push(`Hi *${plain(facts.firstName) || "there"}*, here is your summary${where}.`);

  if (!facts.projectName) {
    lines.push(
      facts.totalProjects === 0
        ? "You have not joined a project yet: browse projects to find one that fits you."
        : `You are a member of *${plural(facts.totalProjects, "project")}*: you run ${facts.ownedProjects} of them (as owner or admin), ${facts.activeProjects} ${facts.activeProjects === 1 ? "is" : "are"} active and ${facts.completedProjects} completed.`,
    );
  }

  if (facts.totalTasks === 0) lines.push("No tasks are assigned to you yet.");
  else {
    const open = facts.totalTasks - facts.completedTasks;
    const verdict =
      facts.completionRate >= 75
        ? " Great follow-through!"
        : open > 0
          ? ` ${plural(open, "task")} still ${open === 1 ? "waits" : "wait"} for you.`
          : "";
    lines.push(
      `You completed *${facts.completedTasks} of ${plural(facts.totalTasks, "task")}* assigned to you (*${facts.completionRate}%*).${verdict}`,
    );
  }

  if (facts.posts + facts.replies + facts.likesReceived === 0)
    lines.push("You have not written in a project forum yet.");
  else
    lines.push(
      `In the forums you wrote *${plural(facts.posts, "post")}* and *${plural(facts.replies, "reply", "replies")}*, received *${plural(facts.likesReceived, "like")}* and talked with *${plural(facts.uniquePeers, "peer")}*.`,
    );

  const onTasks = taskTeamwork(facts);
  if (onTasks) lines.push(onTasks);

  if (!facts.gitHubConnected) lines.push("Connect your GitHub account to see your code activity here.");
  else
    lines.push(
      `On GitHub as *${plain(facts.gitHubLogin ?? "")}*: *${plural(facts.commits, "commit")}*, *${plural(facts.pullRequests, "pull request")}* and *${plural(facts.codeReviews, "review")}*.`,
    );

  if (facts.topSkill) lines.push(`Your most frequent skill is *${plain(facts.topSkill)}*.`);

  const next = facts.nextAchievement
    ? ` Next up: *${plain(facts.nextAchievement.title)}* (${facts.nextAchievement.progressPercentage}%).`
    : "";
  lines.push(`You earned *${facts.earnedAchievements} of ${facts.totalAchievements}* achievements.${next}`);
  return lines.join("\n");
}
