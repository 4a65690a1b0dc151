/**
 * What a project's cover is drawn from: its cause's colours (the cause is read from its words on
 * the server, app/utils/project-cause.ts), a pattern picked by its id, its initials and its main
 * technology. Pure and small: it ships to the browser.
 */
export const CAUSE_COLOURS = {
  animals: { label: "Animals", from: "#fde68a", to: "#f59e0b", ink: "#78350f" },
  health: { label: "Health", from: "#fecdd3", to: "#e11d48", ink: "#881337" },
  food: { label: "Food", from: "#bbf7d0", to: "#16a34a", ink: "#14532d" },
  climate: { label: "Climate", from: "#a5f3fc", to: "#0891b2", ink: "#164e63" },
  learning: { label: "Learning", from: "#ddd6fe", to: "#7c3aed", ink: "#4c1d95" },
  community: { label: "Community", from: "#bfdbfe", to: "#2563eb", ink: "#1e3a8a" },
} as const;

/** Every cause a cover can name, and "other" for a neutral one. */
export const COVER_CAUSES = ["animals", "health", "food", "climate", "learning", "community", "other"] as const;
export type Cause = (typeof COVER_CAUSES)[number];

const OTHER = { label: "Project", from: "#e2e8f0", to: "#475569", ink: "#0f172a" };

export function coverColours(cause: Cause) {
  return cause === "other" ? OTHER : CAUSE_COLOURS[cause];
}

/** A small stable number from an id, to pick a pattern and place its shapes. */
export function seedOf(id: string): number {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return hash >>> 0;
}
