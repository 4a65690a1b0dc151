/** One week of a person's activity in the Smart Summary (shared by the server and the chart). */
export interface ActivityWeek {
  weekStart: string;
  tasksCompleted: number;
  taskComments: number;
  reviewsGiven: number;
  posts: number;
  replies: number;
}

/** All that a week counts, for the totals, the trend and whether the chart shows. */
export const weekTotal = (week: ActivityWeek | undefined) =>
  week ? week.tasksCompleted + week.taskComments + week.reviewsGiven + week.posts + week.replies : 0;
