/**
 * What a project's cover is drawn from: its cause (read from its words), a pattern picked by its
 * id, its initials and its main technology. Pure, so the server and the browser draw the same.
 */
export const CAUSES = {
  animals: {
    label: "Animals",
    words: [
      "animal",
      "dog",
      "cat",
      "pet",
      "puppy",
      "kitten",
      "wildlife",
      "bird",
      "vet",
      "veterinary",
      "spay",
      "neuter",
      "adoptable",
      "kennel",
      "species",
    ],
    from: "#fde68a",
    to: "#f59e0b",
    ink: "#78350f",
  },
  health: {
    label: "Health",
    words: [
      "health",
      "healthcare",
      "clinic",
      "patient",
      "medical",
      "medication",
      "medicine",
      "hospital",
      "mental",
      "caregiver",
      "caregiving",
      "therapy",
      "counseling",
      "vaccination",
      "vaccine",
      "dementia",
      "doctor",
      "nurse",
      "wellness",
    ],
    from: "#fecdd3",
    to: "#e11d48",
    ink: "#881337",
  },
  food: {
    label: "Food",
    words: [
      "food",
      "meal",
      "pantry",
      "pantries",
      "hunger",
      "kitchen",
      "grocery",
      "groceries",
      "farm",
      "farmer",
      "garden",
      "recipe",
      "fridge",
      "nutrition",
      "lunch",
      "cooking",
    ],
    from: "#bbf7d0",
    to: "#16a34a",
    ink: "#14532d",
  },
  climate: {
    label: "Climate",
    words: [
      "climate",
      "energy",
      "solar",
      "recycling",
      "recycle",
      "environment",
      "environmental",
      "tree",
      "sapling",
      "water",
      "watershed",
      "carbon",
      "emission",
      "waste",
      "pollution",
      "air quality",
      "flood",
      "heat",
      "debris",
      "trash",
      "litter",
      "beach",
      "cleanup",
    ],
    from: "#a5f3fc",
    to: "#0891b2",
    ink: "#164e63",
  },
  learning: {
    label: "Learning",
    words: [
      "school",
      "student",
      "learner",
      "tutor",
      "tutoring",
      "teacher",
      "literacy",
      "library",
      "libraries",
      "education",
      "classroom",
      "curriculum",
      "homework",
      "reading",
      "scholarship",
      "campus",
      "lesson",
      "quiz",
      "courses",
    ],
    from: "#ddd6fe",
    to: "#7c3aed",
    ink: "#4c1d95",
  },
  community: {
    label: "Community",
    words: [
      "community",
      "neighbor",
      "neighbour",
      "neighborhood",
      "volunteer",
      "housing",
      "refugee",
      "newcomer",
      "senior",
      "youth",
      "donation",
      "donor",
      "charity",
      "charities",
      "tenant",
      "homeless",
      "shelter",
      "evacuee",
      "diaper",
      "immigrant",
      "resettlement",
      "eviction",
    ],
    from: "#bfdbfe",
    to: "#2563eb",
    ink: "#1e3a8a",
  },
} as const;

export type Cause = keyof typeof CAUSES | "other";

const OTHER = { label: "Project", from: "#e2e8f0", to: "#475569", ink: "#0f172a" };

/** What a project is about, each part weighted: its name says the most, its goals the least. */
export interface CoverText {
  name: string;
  tagline?: string | null;
  description?: string | null;
  goals?: readonly string[] | null;
}

const WEIGHTS = { name: 3, tagline: 2, description: 1, goals: 1 } as const;
/** Less than this is a passing mention (one word in the description), not what the project is about. */
const MIN_SCORE = 2;

/** Each cause's words as one whole-word pattern, plurals included ("dog", "dogs"). */
const PATTERNS = Object.fromEntries(
  Object.entries(CAUSES).map(([cause, { words }]) => [
    cause,
    new RegExp(`\\b(?:${words.join("|")})(?:s|es)?\\b`, "gi"),
  ]),
) as Record<keyof typeof CAUSES, RegExp>;

/** Software's own senses of a cause's words: a service's health check, a component library. */
const NOT_A_CAUSE = /\b(?:health[- ]checks?|legal clinics?|component librar(?:y|ies)|readings)\b/gi;

/** How strongly the text is about each cause: whole-word hits, weighted by where they stand. */
export function causeScores(text: CoverText): Record<keyof typeof CAUSES, number> {
  const plain = (value: string) => value.replace(NOT_A_CAUSE, " ");
  const parts = {
    name: plain(text.name),
    tagline: plain(text.tagline ?? ""),
    description: plain(text.description ?? ""),
    goals: plain((text.goals ?? []).join(" · ")),
  };
  const scores = {} as Record<keyof typeof CAUSES, number>;
  for (const cause of Object.keys(CAUSES) as (keyof typeof CAUSES)[]) {
    scores[cause] = (Object.keys(parts) as (keyof typeof parts)[]).reduce(
      (sum, part) => sum + (parts[part].match(PATTERNS[cause])?.length ?? 0) * WEIGHTS[part],
      0,
    );
  }
  return scores;
}

/**
 * The cause a project is about: the one its words weigh most towards, when that is more than a
 * passing mention and no other cause weighs as much; otherwise none ("other": a neutral cover).
 */
export function causeOf(text: CoverText): Cause {
  const ranked = Object.entries(causeScores(text)).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < MIN_SCORE || (second && second[1] === first[1])) return "other";
  return first[0] as Cause;
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
