/** 'Usually answers within 2 days': a median answer time worded for people, rounded up. */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function answerSpeedLabel(medianMs: number): string {
  if (medianMs <= HOUR_MS) return "Usually answers within an hour";
  if (medianMs <= 12 * HOUR_MS) return "Usually answers within hours";
  if (medianMs <= DAY_MS) return "Usually answers within a day";
  return `Usually answers within ${Math.ceil(medianMs / DAY_MS)} days`;
}
