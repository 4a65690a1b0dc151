import { projectSchedule, daysLeftText } from "~/utils/schedule";

interface Scheduled {
  kind: "template" | "project";
  projectStatus: string | null;
  startDate: string | null;
  createdAtUtc: string;
  durationDays: number | null;
}

/** A running project's schedule, or null for templates and projects not running. */
export function scheduleOf(project: Scheduled, now?: Date) {
  if (project.kind !== "project" || project.projectStatus !== "InProgress") return null;
  return projectSchedule(project.startDate ?? project.createdAtUtc, project.durationDays, now);
}

/**
 * "12 days left" or, in red, "Overdue by 56 days": what the work page's Days Left will say, shown
 * before anyone asks to join. The server's day is the one shown (hydration keeps it).
 */
export function DaysLeft({ project }: { project: Scheduled }) {
  const schedule = scheduleOf(project);
  if (!schedule) return null;
  return (
    <span suppressHydrationWarning className={schedule.daysLeft < 0 ? "font-semibold text-red-700" : undefined}>
      {daysLeftText(schedule.daysLeft)}
    </span>
  );
}
