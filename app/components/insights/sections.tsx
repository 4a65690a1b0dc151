import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { weekTotal } from "~/insights/activity-week";
import type { InsightData, Kpi } from "~/insights/insights.server";
import { BarChart, CompletionRing, StackedColumns } from "./charts";
import { RichSummary } from "./rich-summary";

/**
 * The Smart Summary's sections (spec section 2), each shown only when it has data. Numbers
 * use thousand separators; every chart also states its numbers as text.
 */

// Made once: an Intl formatter is slow to make and quick to use (utils/dates.ts).
const numbers = new Intl.NumberFormat("en-US");
const number = (value: number) => numbers.format(value);
const weekStart = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = `insight-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm ${wide ? "md:col-span-2" : ""}`}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Figures({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Tags({ label, tags }: { label: string; tags: string[] }) {
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="chip">
          {tag}
        </li>
      ))}
    </ul>
  );
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${value}%` }} />
    </div>
  );
}

const KPI_ICONS: Record<Kpi["icon"], string> = {
  tasks: "M9 12l2 2 4-4M5 4h14v16H5z",
  projects: "M3 7h6l2 2h10v10H3z",
  achievements: "M8 4h8v5a4 4 0 01-8 0zM12 13v4M8 20h8",
  activity: "M3 12h4l3-7 4 14 3-7h4",
};
const TREND_MARK = { up: "▲", down: "▼", flat: "■" } as const;

function KpiCards({ kpis }: { kpis: InsightData["kpis"] }) {
  return (
    <ul
      className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 xl:grid-cols-4"
      aria-label="Key Performance Indicators"
    >
      {Object.entries(kpis).map(([key, kpi]) => (
        <li key={key} className="flex gap-3 rounded-xl bg-slate-50 p-3">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-9 shrink-0 rounded-lg bg-brand-50 p-1.5 text-brand-700"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={KPI_ICONS[kpi.icon]} />
          </svg>
          <div className="min-w-0">
            <p className="text-2xl font-bold tabular-nums">{kpi.value}</p>
            <p className="text-sm text-slate-600">{kpi.subtitle}</p>
            {kpi.trend ? (
              <p
                className={`text-sm font-medium ${kpi.trend.direction === "up" ? "text-emerald-700" : kpi.trend.direction === "down" ? "text-red-700" : "text-slate-600"}`}
              >
                <span aria-hidden="true">{TREND_MARK[kpi.trend.direction]} </span>
                {kpi.trend.label}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function AchievementList({ achievements }: { achievements: InsightData["achievements"] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {achievements.map((achievement) => (
        <li
          key={achievement.key}
          className={`rounded-xl p-3 ${achievement.earned ? "border border-emerald-300 bg-emerald-50" : "border border-dashed border-slate-300"}`}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-2 font-semibold">
            {achievement.title}
            <span className={`text-xs font-semibold ${achievement.earned ? "text-emerald-800" : "text-slate-600"}`}>
              {achievement.earned ? "Earned" : "Pending"}
            </span>
          </p>
          <p className="text-sm text-slate-600">{achievement.description}</p>
          {achievement.earned ? null : (
            <div className="mt-2 flex items-center gap-2">
              <ProgressBar value={achievement.progressPercentage} label={`${achievement.title} progress`} />
              <span className="text-xs font-medium tabular-nums text-slate-700">{achievement.progressPercentage}%</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function GitHubActivity({ github, connectTo }: { github: InsightData["githubData"]; connectTo: string }) {
  if (github.needsSetup) {
    return (
      <div className="rounded-xl bg-slate-50 p-4">
        <p className="font-medium">Connect your GitHub to unlock insights</p>
        <p className="mt-1 text-sm text-slate-600">
          {github.username
            ? "None of your projects' repositories has been synced yet."
            : "Add your GitHub address to your profile, and link a repository to a project."}
        </p>
        <Link to={connectTo} className="btn-primary mt-3">
          Connect GitHub
        </Link>
      </div>
    );
  }
  return (
    <>
      <p>
        GitHub username: <strong>{github.username}</strong>
      </p>
      <div className="mt-3">
        <Figures
          items={[
            { label: "Pull Requests", value: number(github.totalPullRequests) },
            { label: "Commits", value: number(github.totalCommits) },
            { label: "Reviews", value: number(github.totalCodeReviews) },
          ]}
        />
      </div>
      <h3 className="mt-4 font-medium">Linked repositories</h3>
      <ul className="mt-2 space-y-1">
        {github.linkedRepos.map((repository) => (
          <li key={repository.projectId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <a href={repository.url} className="break-all font-medium text-brand-700 underline" rel="noreferrer">
              {repository.fullName}
            </a>
            <span className="text-slate-600">
              {repository.projectName}
              {repository.syncStatus === "running" ? " · Syncing…" : repository.syncedAt ? "" : " · Not synced yet"}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function InsightSections({ insights, connectTo }: { insights: InsightData; connectTo: string }) {
  const metrics = insights.activityMetrics;
  const skills = Object.entries(insights.skillDistribution).map(([label, value]) => ({ label, value }));
  const { technologies, collaborationIndex, completionTracker, refactoringRate, communityCollaboration } = insights;
  const community = communityCollaboration;
  const onTasks = insights.taskCollaboration;
  const hasActivity = insights.activityOverTime.some((week) => weekTotal(week) > 0);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Section title="Overall Summary" wide>
        <RichSummary text={insights.overallSummary} />
      </Section>
      <Section title="Key Performance Indicators" wide>
        <KpiCards kpis={insights.kpis} />
      </Section>
      <Section title="Activity Metrics" wide>
        <Figures
          items={[
            { label: "Total Tasks", value: number(metrics.totalTasks) },
            { label: "Completed Tasks", value: number(metrics.completedTasks) },
            { label: "Completion Rate", value: `${metrics.completionRate}%` },
            { label: "Total Projects", value: number(metrics.totalProjects) },
            { label: "Projects You Run (owner or admin)", value: number(metrics.ownedProjects) },
            { label: "Active Projects", value: number(metrics.activeProjects) },
            { label: "Completed Projects", value: number(metrics.completedProjects) },
            { label: "Total Achievements", value: number(metrics.totalAchievements) },
          ]}
        />
      </Section>
      {skills.length > 0 ? (
        <Section title="Skill Distribution">
          <BarChart title="Skill distribution across your projects" data={skills} />
        </Section>
      ) : null}
      {completionTracker.tasksStarted + completionTracker.tasksCompleted > 0 || metrics.totalTasks > 0 ? (
        <Section title="Task Completion">
          <div className="flex items-center gap-4">
            <div className="w-28 shrink-0">
              <CompletionRing title="Task completion" done={metrics.completedTasks} total={metrics.totalTasks} />
            </div>
            <dl className="grid flex-1 gap-1 text-sm">
              <div className="flex justify-between gap-2">
                <dt>Tasks Started</dt>
                <dd className="font-semibold tabular-nums">{number(completionTracker.tasksStarted)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Tasks Completed</dt>
                <dd className="font-semibold tabular-nums">{number(completionTracker.tasksCompleted)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Completion Rate</dt>
                <dd className="font-semibold tabular-nums">{completionTracker.completionRatePercentage}%</dd>
              </div>
            </dl>
          </div>
          <div className="mt-3">
            <ProgressBar value={completionTracker.completionRatePercentage} label="Completion rate" />
          </div>
        </Section>
      ) : null}
      {hasActivity ? (
        <Section title="Activity Over Time" wide>
          <StackedColumns
            title="Your activity per week, last 8 weeks"
            series={["Tasks completed", "Task comments", "Reviews given", "Posts", "Replies"]}
            points={insights.activityOverTime.map((week) => ({
              label: weekStart.format(new Date(`${week.weekStart}T00:00:00Z`)),
              values: [week.tasksCompleted, week.taskComments, week.reviewsGiven, week.posts, week.replies],
            }))}
          />
        </Section>
      ) : null}
      {technologies.totalLanguages + technologies.totalTechnologies > 0 ? (
        <Section title="Technologies">
          <Figures
            items={[
              { label: "Languages", value: number(technologies.totalLanguages) },
              { label: "Technologies", value: number(technologies.totalTechnologies) },
            ]}
          />
          {technologies.languages.length ? <Tags label="Languages" tags={technologies.languages} /> : null}
          {technologies.technologies.length ? <Tags label="Technologies" tags={technologies.technologies} /> : null}
        </Section>
      ) : null}
      {collaborationIndex.pullRequests + collaborationIndex.pushes > 0 ? (
        <Section title="Collaboration Analytics">
          <Figures
            items={[
              { label: "Pull Requests", value: number(collaborationIndex.pullRequests) },
              { label: "Pushes", value: number(collaborationIndex.pushes) },
              { label: "Collaboration Ratio", value: `${collaborationIndex.collaborationRatioPercentage}%` },
            ]}
          />
        </Section>
      ) : null}
      {refactoringRate.linesAdded + refactoringRate.linesDeleted > 0 ? (
        <Section title="Code Quality">
          <Figures
            items={[
              { label: "Lines Added", value: number(refactoringRate.linesAdded) },
              { label: "Lines Deleted", value: number(refactoringRate.linesDeleted) },
              { label: "Refactoring Ratio", value: `${refactoringRate.refactoringRatioPercentage}%` },
            ]}
          />
        </Section>
      ) : null}
      {community.posts + community.replies + community.likesReceived + community.uniquePeersInteracted > 0 ? (
        <Section title="Community Engagement">
          <Figures
            items={[
              { label: "Posts", value: number(community.posts) },
              { label: "Replies", value: number(community.replies) },
              { label: "Likes Received", value: number(community.likesReceived) },
              { label: "Peers Interacted", value: number(community.uniquePeersInteracted) },
            ]}
          />
        </Section>
      ) : null}
      {onTasks.comments + onTasks.reviewsRequested + onTasks.reviewsGiven > 0 ? (
        <Section title="Task Collaboration">
          <Figures
            items={[
              { label: "Task Comments", value: number(onTasks.comments) },
              { label: "Reviews Requested", value: number(onTasks.reviewsRequested) },
              { label: "Approved in Review", value: number(onTasks.reviewsApproved) },
              { label: "Reviews Given", value: number(onTasks.reviewsGiven) },
            ]}
          />
        </Section>
      ) : null}
      <Section title="GitHub Activity">
        <GitHubActivity github={insights.githubData} connectTo={connectTo} />
      </Section>
      {insights.achievements.length > 0 ? (
        <Section title="Achievements" wide>
          <AchievementList achievements={insights.achievements} />
        </Section>
      ) : null}
    </div>
  );
}
