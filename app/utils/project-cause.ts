import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Cause, CAUSE_COLOURS } from "./project-cover";

/**
 * Which cause a project's cover names, read from its words (server only: the word lists stay out
 * of the browser's JavaScript; pages send the cause with each project).
 */
const CAUSE_WORDS: Record<keyof typeof CAUSE_COLOURS, readonly string[]> = {
  animals: [
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
  health: [
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
  food: [
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
  climate: [
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
  learning: [
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
  community: [
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
};

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
  Object.entries(CAUSE_WORDS).map(([cause, words]) => [
    cause,
    new RegExp(`\\b(?:${words.join("|")})(?:s|es)?\\b`, "gi"),
  ]),
) as Record<keyof typeof CAUSE_COLOURS, RegExp>;

/** Software's own senses of a cause's words: a service's health check, a component library. */
const NOT_A_CAUSE = /\b(?:health[- ]checks?|legal clinics?|component librar(?:y|ies)|readings)\b/gi;

/** How strongly the text is about each cause: whole-word hits, weighted by where they stand. */
export function causeScores(text: CoverText): Record<keyof typeof CAUSE_COLOURS, number> {
  const plain = (value: string) => value.replace(NOT_A_CAUSE, " ");
  const parts = {
    name: plain(text.name),
    tagline: plain(text.tagline ?? ""),
    description: plain(text.description ?? ""),
    goals: plain((text.goals ?? []).join(" · ")),
  };
  const scores = {} as Record<keyof typeof CAUSE_COLOURS, number>;
  for (const cause of Object.keys(CAUSE_WORDS) as (keyof typeof CAUSE_COLOURS)[]) {
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
  const key = textDigest(text);
  let cause = causesRead.get(key);
  if (!cause) causesRead.set(key, (cause = readCause(text)));
  return cause;
}

// Reading a cause runs each cause's pattern over the project's prose, and every list of projects
// (My Projects, the catalogue's cards after any write) asks again: kept by the words it was read from.
const causesRead = new LRUCache<string, Cause>({ max: 20_000 });

function textDigest({ name, tagline, description, goals }: CoverText): string {
  const hash = createHash("sha1");
  for (const part of [name, tagline ?? "", description ?? "", ...(goals ?? [])]) hash.update(part).update("\0");
  return hash.digest("base64");
}

function readCause(text: CoverText): Cause {
  const ranked = Object.entries(causeScores(text)).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < MIN_SCORE || (second && second[1] === first[1])) return "other";
  return first[0] as Cause;
}
