/**
 * A notification's time label (spec section 2, Notification bell): 'Just now' under a minute,
 * then minutes and hours under a day ('5m ago', '3h ago'), else days ('2d ago').
 */
export function timeAgo(isoTime: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(isoTime).getTime()) / 1000);
  if (seconds < 60) return "Just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  return `${Math.floor(seconds / 86_400)}d ago`;
}
