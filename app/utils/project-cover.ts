/**
 * What a project's cover is drawn from: its cause (read from its words), a pattern picked by its
 * id, its initials and its main technology. Pure, so the server and the browser draw the same.
 */
export const CAUSES = {
  animals: {
    label: "Animals",
    words: /\b(animals?|dogs?|cats?|pets?|shelters?|wildlife|birds?|vets?|veterinar\w*)\b/i,
    from: "#fde68a",
    to: "#f59e0b",
    ink: "#78350f",
  },
  health: {
    label: "Health",
    words: /\b(health\w*|clinics?|patients?|care|medic\w*|hospitals?|mental|caregiv\w*)\b/i,
    from: "#fecdd3",
    to: "#e11d48",
    ink: "#881337",
  },
  food: {
    label: "Food",
    words: /\b(food|meal|pantry|hunger|kitchen|grocer|farm|garden)/i,
    from: "#bbf7d0",
    to: "#16a34a",
    ink: "#14532d",
  },
  climate: {
    label: "Climate",
    words: /\b(climate|energy|solar|recycl|environment|tree|water|carbon|waste)/i,
    from: "#a5f3fc",
    to: "#0891b2",
    ink: "#164e63",
  },
  learning: {
    label: "Learning",
    words: /\b(school|student|learn|tutor|teach|literacy|library|education|course)/i,
    from: "#ddd6fe",
    to: "#7c3aed",
    ink: "#4c1d95",
  },
  community: {
    label: "Community",
    words: /\b(community|neighbo|volunteer|housing|refugee|senior|youth|donat|charity)/i,
    from: "#bfdbfe",
    to: "#2563eb",
    ink: "#1e3a8a",
  },
} as const;

export type Cause = keyof typeof CAUSES | "other";

const OTHER = { label: "Project", from: "#e2e8f0", to: "#475569", ink: "#0f172a" };

export function causeOf(text: string): Cause {
  for (const [cause, { words }] of Object.entries(CAUSES)) if (words.test(text)) return cause as Cause;
  return "other";
}

export function coverColours(cause: Cause) {
  return cause === "other" ? OTHER : CAUSES[cause];
}

/** A small stable number from an id, to pick a pattern and place its shapes. */
export function seedOf(id: string): number {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return hash >>> 0;
}
