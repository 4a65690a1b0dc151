import { wordRarity } from "./embedding.server";
import type { KeptEntry } from "./kept-entries.server";
import type { LegHit } from "./legs";
import { CLOSE_WORDS_MIN_COSINE as MIN_COSINE, CLOSE_WORDS_PROSE_WEIGHT as PROSE_WEIGHT } from "./tuning";
import { unitWordVectors, wordVectors } from "./word-vectors.server";
import { contentWords } from "./words";

/**
 * Word-by-word closeness in meaning, to reorder the entries the legs found: each query word counts
 * by how close the entry's closest word comes to it (word vectors), so 'older people living
 * alone' ranks the entry about isolated seniors above one that shares only 'people'. A mean of
 * all the words (the semantic leg) blurs such a match among the rest of the entry's prose.
 *
 * A closeness below MIN_COSINE counts nothing, and one of 1 (the word itself) counts fully; a
 * query word counts by how rare it is in English, as in the semantic leg. The entry's name and
 * tagline count fully, its goals, description, skills, roles and level at PROSE_WEIGHT. It reads
 * only the given entries (kept-entries.server.ts): the cost does not grow with the catalogue.
 */
export function closeWordsOrder(entries: readonly KeptEntry[], query: string): LegHit[] {
  const { dimensions, rows: vocabulary } = wordVectors();
  const queryWords = contentWords(query).flatMap((word) => {
    const row = vocabulary.get(word);
    return row === undefined ? [] : [{ row, weight: wordRarity(row) }];
  });
  if (entries.length === 0 || queryWords.length === 0) return [];

  // Each distinct word once: its closeness to every query word, computed once for all entries
  // and kept in one flat table (few allocations: this runs on every search).
  const vectors = unitWordVectors();
  const width = queryWords.length;
  const queryRows = queryWords.map((queryWord) => queryWord.row);
  const slots = new Map<number, number>();
  let table = new Float64Array(1024 * width);
  const slotOf = (row: number): number => {
    let slot = slots.get(row);
    if (slot !== undefined) return slot;
    slot = slots.size * width;
    if (slot + width > table.length) {
      const grown = new Float64Array(table.length * 2);
      grown.set(table);
      table = grown;
    }
    const offset = row * dimensions;
    for (let index = 0; index < width; index++) {
      const dot = dotProduct(vectors, offset, queryRows[index] * dimensions, dimensions);
      table[slot + index] = queryRows[index] === row ? 1 : Math.max(0, (dot - MIN_COSINE) / (1 - MIN_COSINE));
    }
    slots.set(row, slot);
    return slot;
  };
  const best = new Float64Array(width);
  const hits = entries.map(({ id, heading, prose }) => {
    best.fill(0);
    for (const [wordRows, weight] of [
      [heading, 1],
      [prose, PROSE_WEIGHT],
    ] as const) {
      for (const wordRow of wordRows) {
        const slot = slotOf(wordRow);
        for (let index = 0; index < width; index++) {
          const value = table[slot + index] * weight;
          if (value > best[index]) best[index] = value;
        }
      }
    }
    let score = 0;
    for (let index = 0; index < width; index++) score += best[index] * queryWords[index].weight;
    return { id, score, reasons: [] };
  });
  return hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/** Two rows' dot product, in four running sums (quicker than one): it runs for each distinct word found. */
function dotProduct(vectors: Float32Array, a: number, b: number, length: number): number {
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let i = 0;
  for (; i + 3 < length; i += 4) {
    sum0 += vectors[a + i] * vectors[b + i];
    sum1 += vectors[a + i + 1] * vectors[b + i + 1];
    sum2 += vectors[a + i + 2] * vectors[b + i + 2];
    sum3 += vectors[a + i + 3] * vectors[b + i + 3];
  }
  for (; i < length; i++) sum0 += vectors[a + i] * vectors[b + i];
  return sum0 + sum1 + sum2 + sum3;
}
