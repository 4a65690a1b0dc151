import { SIF_A, VECTOR_PART_WEIGHTS } from "./tuning";
import { wordVectors } from "./word-vectors.server";
import { contentWords } from "./words";

/**
 * Offline text embeddings: the weighted mean of a text's word vectors, as a unit vector.
 *
 * Each word counts by how rare it is in English (smooth inverse frequency with Zipf's law on the
 * vectors' frequency ranks), so 'shelter' outweighs 'new' without any statistics of our own
 * catalogue: a project's vector never changes because another project did.
 */
export interface WeightedText {
  text: string;
  weight: number;
}

export const EMBEDDING_DIMENSIONS = 100;

// Smooth inverse frequency a / (a + p(word)), p from Zipf's law over ranks (harmonic number ~ 12).
export const wordRarity = (rank: number) => SIF_A / (SIF_A + 1 / ((rank + 1) * 12));

/** The text's vector, or null when none of its words is known (nothing to compare). */
export function embedText(parts: WeightedText[]): number[] | null {
  const { dimensions, rows, values } = wordVectors();
  const sum = new Float64Array(dimensions);
  let known = 0;
  for (const { text, weight } of parts) {
    for (const word of contentWords(text)) {
      const row = rows.get(word) ?? rows.get(word.replace(/\.js$/, ""));
      if (row === undefined) continue;
      known++;
      const offset = row * dimensions;
      let norm = 0;
      for (let i = 0; i < dimensions; i++) norm += values[offset + i] ** 2;
      const scale = (weight * wordRarity(row)) / Math.sqrt(norm);
      for (let i = 0; i < dimensions; i++) sum[i] += values[offset + i] * scale;
    }
  }
  const length = Math.hypot(...sum);
  if (known === 0 || length === 0) return null;
  return Array.from(sum, (value) => value / length);
}

export interface ProjectText {
  name: string;
  tagline: string;
  description: string;
  technologies: string[];
  programmingLanguages: string[];
  goals: string[];
}

/** A project's vector: what it is called and promises weigh above the prose. */
export function embedProject(project: ProjectText): number[] | null {
  return embedText([
    { text: project.name, weight: VECTOR_PART_WEIGHTS.name },
    { text: project.tagline, weight: VECTOR_PART_WEIGHTS.tagline },
    { text: [...project.technologies, ...project.programmingLanguages].join(" "), weight: VECTOR_PART_WEIGHTS.skills },
    { text: project.goals.join(". "), weight: VECTOR_PART_WEIGHTS.goals },
    { text: project.description, weight: VECTOR_PART_WEIGHTS.description },
  ]);
}
