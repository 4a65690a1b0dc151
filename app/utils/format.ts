/** Display texts shared by cards and detail pages, with the spec's defaults. */

export function formatDuration(days: number | null | undefined, fallback = "N/A"): string {
  if (days === null || days === undefined || !Number.isFinite(days) || days <= 0) return fallback;
  return `${days} ${days === 1 ? "day" : "days"}`;
}

export function formatOpenPositions(count: number): string {
  return `${count} ${count === 1 ? "Open Position" : "Open Positions"}`;
}

/** Shown status of a catalogue entry: templates say so, running projects read Active. */
export function catalogueStatusLabel(
  kind: "template" | "project",
  status: string | null,
): "Template" | "Completed" | "Pending" | "Active" {
  if (kind === "template") return "Template";
  if (status === "Completed") return "Completed";
  if (status === "Pending") return "Pending";
  return "Active";
}

/** The first `limit` tags and how many are left over. */
export function visibleTags(tags: string[], limit: number): { shown: string[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}

/** Up to two initials for an avatar without a picture. */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .map((part) => part[0])
      .join("")
      .slice(0, 2)
      .toUpperCase() || "?"
  );
}

/** The first `length` characters of a text, with an ellipsis when it was cut. */
export function previewText(text: string, length: number): string {
  const trimmed = text.trim();
  return trimmed.length > length ? `${trimmed.slice(0, length).trimEnd()}…` : trimmed;
}
