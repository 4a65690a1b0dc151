/**
 * A running project's schedule, the same everywhere it is shown (catalogue cards, the project
 * page and the work page's Days Left): it ends its duration in days after its start date (the
 * creation date until it has one); days left are rounded up and below zero once it is overdue
 * (spec section 9, Days left; DESIGN: a project counts from when it is started).
 */
const DAY = 86_400_000;

export interface Schedule {
  /** The planned end, as an ISO date (YYYY-MM-DD, UTC). */
  endDate: string;
  /** Whole days until the end, rounded up; negative when overdue. */
  daysLeft: number;
}

export function projectSchedule(
  start: string | Date,
  durationDays: number | null | undefined,
  now: Date = new Date(),
): Schedule | null {
  if (!durationDays || durationDays <= 0) return null;
  const startAt = new Date(start).getTime();
  if (!Number.isFinite(startAt)) return null;
  const end = startAt + durationDays * DAY;
  return {
    endDate: new Date(end).toISOString().slice(0, 10),
    daysLeft: Math.ceil((end - now.getTime()) / DAY),
  };
}

/** "12 days left", "Ends today", "Overdue by 56 days". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft < 0) return `Overdue by ${-daysLeft} ${daysLeft === -1 ? "day" : "days"}`;
  if (daysLeft === 0) return "Ends today";
  return `${daysLeft} ${daysLeft === 1 ? "day" : "days"} left`;
}
