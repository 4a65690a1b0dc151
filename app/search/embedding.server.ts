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
const SIF_A = 3e-4;
export const wordRarity = (rank: number) => SIF_A / (SIF_A + 1 / ((rank + 1) * 12));

// Tried for issue 15 (the semantic leg alone, nDCG@6 / recall@12, against 0.437 / 0.536; in the
// hybrid against 0.757–0.777): removing the common component (the SIF-weighted mean of the word
// vectors, from the vectors alone) 0.455 / 0.611; also normalising each part (name, tagline, ...)
// before weighing it 0.524 / 0.603; name and tagline at 4: 0.467 / 0.564; a 1e-4 or 1e-3: 0.442;
// every description word, not the first 32: 0.442. Better alone, yet the hybrid falls: 0.731–0.767
// (0.696–0.772 with the similarity floor at 0–0.3, half the component removed, or the leg's weight
// at 0.05–0.5), so the vectors stay as they are (and the stored ones valid).
// At 0.795 / 0.897 (folds by alternate id A 0.834, B 0.756), in the hybrid: a project's vector of
// only its 10, 20, 30 rarest words in English, 0.714, 0.747, 0.765; its skills at 0, 0.3, 0.5, 0.7,
// 2: 0.785, 0.787, 0.796 (A unchanged, B +0.001), 0.795, 0.786; goals at 0.5 or 1.5: 0.788, 0.791;
// description at 0.7 or 1.5: 0.796 (A −0.002, B +0.003), 0.780. The query's vector with each word
// weighed by its rarity in the catalogue (power 0.5, 1, 2) instead: 0.789, 0.783, 0.782.

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
    { text: project.name, weight: 2 },
    { text: project.tagline, weight: 2 },
    { text: [...project.technologies, ...project.programmingLanguages].join(" "), weight: 1 },
    { text: project.goals.join(". "), weight: 1 },
    { text: project.description, weight: 1 },
  ]);
}
