/** A median wait worded for people, rounded up: 'within 2 days'. */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function within(medianMs: number): string {
  if (medianMs <= HOUR_MS) return "within an hour";
  if (medianMs <= 12 * HOUR_MS) return "within hours";
  if (medianMs <= DAY_MS) return "within a day";
  return `within ${Math.ceil(medianMs / DAY_MS)} days`;
}

/** 'Usually answers within 2 days': how soon the admins decide a join request. */
export function answerSpeedLabel(medianMs: number): string {
  return `Usually answers ${within(medianMs)}`;
}

/** 'Mentors usually start a review within a day': how soon a review request is claimed. */
export function reviewSpeedLabel(medianMs: number): string {
  return `Mentors usually start a review ${within(medianMs)}`;
}
