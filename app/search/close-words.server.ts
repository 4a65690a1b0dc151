import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { wordRarity } from "./embedding.server";
import type { LegHit } from "./legs";
import { unitWordVectors, wordVectors } from "./word-vectors.server";
import { contentWords, isStopWord, splitWords } from "./words";

/**
 * Word-by-word closeness in meaning, to reorder the entries the legs found: each query word counts
 * by how close the entry's closest word comes to it (word vectors), so 'older people living
 * alone' ranks the entry about isolated seniors above one that shares only 'people'. A mean of
 * all the words (the semantic leg) blurs such a match among the rest of the entry's prose.
 *
 * A closeness below MIN_COSINE counts nothing, and one of 1 (the word itself) counts fully; a
 * query word counts by how rare it is in English, as in the semantic leg. The entry's name and
 * tagline count fully, its goals, description, skills, roles and level at PROSE_WEIGHT. Only the given entries
 * are read (by primary key): the cost does not grow with the catalogue. About 3 ms a search for
 * the 80 entries two legs find (a 2-core machine under load; the read overlaps the semantic leg):
 * bench/search-profile.ts at 100,000 projects on PostgreSQL, hybrid p50 16-18 → 18-20 ms.
 */
// `npm run search:eval`, as an ordering fused at 0.2 (see hybrid.server.ts): 0.4 measured best
// (0.35: 0.784, 0.4: 0.786, 0.45: 0.779, 0.5: 0.769 nDCG@6); prose 0.7 (0.5: 0.783, 1: 0.779).
// The skills, roles and level among the prose ('python', 'beginner', 'iOS developer'): 0.786 /
// 0.897 → 0.791 / 0.897 (folds by alternate id: A 0.827 → 0.834, B 0.745 → 0.747); among the name
// and tagline instead 0.787. Query words weighed by their rarity in the catalogue (as the full-text
// leg weighs them) instead of in English: 0.789; by both: 0.780. Weight 0.15 0.788, 0.25 0.781;
// cosine floor 0.35 0.786, 0.45 0.783; prose 0.5 0.788, 0.85 0.781 (all against 0.791). At 0.795:
// the thesaurus's words for a query word counted as at least 0.3–0.7 close, 0.781–0.793; English
// rarity to the power 0 or 0.5, 0.793; squared, 0.783.
// Its score added to the full-text score for the query words an entry lacks (instead of an
// ordering of its own), 0.3–1 of it: 0.763–0.776 (against 0.777).
// An entry's score over 1 + α·log(its words / 60), against long entries' many chances: α 0.1, 0.2,
// −0.1: 0.793, 0.795, 0.795 (against 0.795).
const MIN_COSINE = 0.4;
const PROSE_WEIGHT = 0.7;

interface EntryText {
  id: string;
  name: string;
  tagline: string;
  description: string;
  goals: string[];
  /** Technologies, languages, roles and level, as the search document holds them. */
  skills: string;
}

// An entry's words as vector rows, kept while its text stays the same: splitting the prose of
// 80 entries for every search costs more than comparing their words (bounded, oldest out first;
// about 2 KB an entry).
const CACHE_SIZE = 5_000;
const wordsCache = new Map<string, { text: string; heading: Int32Array; prose: Int32Array }>();

function entryWords(entry: EntryText): { heading: Int32Array; prose: Int32Array } {
  const headingText = `${entry.name} ${entry.tagline}`;
  const text = `${headingText}\n${entry.goals.join(" ")} ${entry.description} ${entry.skills}`;
  const known = wordsCache.get(entry.id);
  if (known?.text === text) return known;
  const { rows: vocabulary } = wordVectors();
  const rowsOf = (part: string) =>
    Int32Array.from(
      [...new Set(splitWords(part))].flatMap((word) => {
        const row = isStopWord(word) ? undefined : vocabulary.get(word);
        return row === undefined ? [] : [row];
      }),
    );
  const words = { text, heading: rowsOf(headingText), prose: rowsOf(text.slice(headingText.length + 1)) };
  wordsCache.delete(entry.id);
  if (wordsCache.size >= CACHE_SIZE) wordsCache.delete(wordsCache.keys().next().value!);
  wordsCache.set(entry.id, words);
  return words;
}

export async function closeWordsOrder(db: Kysely<Database>, query: string, ids: string[]): Promise<LegHit[]> {
  const { dimensions, rows: vocabulary } = wordVectors();
  const queryWords = contentWords(query).flatMap((word) => {
    const row = vocabulary.get(word);
    return row === undefined ? [] : [{ row, weight: wordRarity(row) }];
  });
  if (ids.length === 0 || queryWords.length === 0) return [];
  const { rows } = await sql<EntryText>`
    select p.id, p.name, p.tagline, p.description, p.goals,
      array_to_string(p.technologies || p.programming_languages, ' ') || ' ' || coalesce(p.difficulty, '') || ' ' ||
        coalesce((select string_agg(r.name, ' ') from project_roles r where r.project_id = p.id), '') as skills
    from projects p where p.id = any(${ids}::uuid[])
  `.execute(db);

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
      const other = queryRows[index] * dimensions;
      let dot = 0;
      for (let i = 0; i < dimensions; i++) dot += vectors[offset + i] * vectors[other + i];
      table[slot + index] = queryRows[index] === row ? 1 : Math.max(0, (dot - MIN_COSINE) / (1 - MIN_COSINE));
    }
    slots.set(row, slot);
    return slot;
  };
  const best = new Float64Array(width);
  const hits = rows.map((row) => {
    best.fill(0);
    const { heading, prose } = entryWords(row);
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
    return { id: row.id, score, reasons: [] };
  });
  return hits.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
