/** The sync age label of spec section 9: Never synced, Just now, Nm ago, Nh ago, Nd ago. */
export function syncAgeLabel(syncedAt: Date | string | null | undefined, now: Date = new Date()): string {
  if (!syncedAt) return "Never synced";
  const minutes = Math.floor((now.getTime() - new Date(syncedAt).getTime()) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** How many language chips the repository card shows before '+N more'. */
export const LANGUAGES_SHOWN = 8;
