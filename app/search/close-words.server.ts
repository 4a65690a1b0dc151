import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { wordRarity } from "./embedding.server";
import type { Lookup } from "./lookups.server";
import type { LegHit } from "./legs";
import { CLOSE_WORDS_MIN_COSINE as MIN_COSINE, CLOSE_WORDS_PROSE_WEIGHT as PROSE_WEIGHT } from "./tuning";
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
 * tagline count fully, its goals, description, skills, roles and level at PROSE_WEIGHT. Only the
 * given entries are read (by primary key), and only those not kept in memory at the catalogue's
 * current text version: the cost does not grow with the catalogue.
 */

interface EntryText {
  id: string;
  name: string;
  tagline: string;
  description: string;
  goals: string[];
  /** Technologies, languages, roles and level, as the search document holds them. */
  skills: string;
}

/**
 * The catalogue's text version (migration 0022): it changes whenever an entry's words may have,
 * so words read at one version hold for every search that reads the same one.
 */
export function textVersionLookup(): Lookup<number> {
  return {
    expression: sql`coalesce((select text_version from search_statistics), 0)`,
    read: (value) => Number(value),
  };
}

interface EntryWords {
  /** The text version they were read at. */
  version: number | undefined;
  heading: Int32Array;
  prose: Int32Array;
}

// Each database's entries as vector rows, with the text version they were read at (bounded, least
// recently used out first; about 2 KB an entry). An entry kept at the version a search reads is
// not read again, so most searches send no statement for this ordering.
const CACHE_SIZE = 5_000;
const caches = new WeakMap<Kysely<Database>, Map<string, EntryWords>>();

function cacheOf(db: Kysely<Database>): Map<string, EntryWords> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

function keep(cache: Map<string, EntryWords>, id: string, words: EntryWords) {
  cache.delete(id);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(id, words);
}

function entryWords(entry: EntryText, version: number | undefined): EntryWords {
  const { rows: vocabulary } = wordVectors();
  const rowsOf = (part: string) =>
    Int32Array.from(
      [...new Set(splitWords(part))].flatMap((word) => {
        const row = isStopWord(word) ? undefined : vocabulary.get(word);
        return row === undefined ? [] : [row];
      }),
    );
  return {
    version,
    heading: rowsOf(`${entry.name} ${entry.tagline}`),
    prose: rowsOf(`${entry.goals.join(" ")} ${entry.description} ${entry.skills}`),
  };
}

/** The entries' words: kept ones where their version is `version`, the rest read in one statement. */
async function wordsOf(
  db: Kysely<Database>,
  ids: string[],
  version: number | undefined,
): Promise<{ id: string; words: EntryWords }[]> {
  const cache = cacheOf(db);
  const found = new Map<string, EntryWords>();
  for (const id of ids) {
    const words = cache.get(id);
    if (words && version !== undefined && words.version === version) found.set(id, words);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const { rows } = await sql<EntryText>`
      select p.id, p.name, p.tagline, p.description, p.goals,
        array_to_string(p.technologies || p.programming_languages, ' ') || ' ' || coalesce(p.difficulty, '') || ' ' ||
          coalesce((select string_agg(r.name, ' ') from project_roles r where r.project_id = p.id), '') as skills
      from projects p where p.id = any(${missing}::uuid[])
    `.execute(db);
    for (const row of rows) found.set(row.id, entryWords(row, version));
  }
  for (const [id, words] of found) keep(cache, id, words);
  return ids.flatMap((id) => {
    const words = found.get(id);
    return words ? [{ id, words }] : [];
  });
}

/**
 * `textVersion`: the catalogue's text version read in this search (textVersionLookup), so entries
 * kept at it need no read; without it every entry is read.
 */
export async function closeWordsOrder(
  db: Kysely<Database>,
  query: string,
  ids: string[],
  textVersion?: number,
): Promise<LegHit[]> {
  const { dimensions, rows: vocabulary } = wordVectors();
  const queryWords = contentWords(query).flatMap((word) => {
    const row = vocabulary.get(word);
    return row === undefined ? [] : [{ row, weight: wordRarity(row) }];
  });
  if (ids.length === 0 || queryWords.length === 0) return [];
  const entries = await wordsOf(db, ids, textVersion);

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
  const hits = entries.map(({ id, words: { heading, prose } }) => {
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
