import { type RawBuilder, sql } from "kysely";
import { LRUCache } from "lru-cache";
import { searchVector } from "./document.server";

/**
 * Each word's search vector (`search_vector(word)`: its stem, or none for a stop word), kept once
 * read. It depends on the word alone (migration 0038's definition, which changes only with a
 * migration and so a restart), so a word's is asked of the database once, not in every search:
 * on the embedded database a call costs ~25 µs, and the expansion checks a hundred words or more.
 */

const stems = new LRUCache<string, string>({ max: 50_000 });

/** The words whose search vector is not known yet. */
export function unknownStems(words: Iterable<string>): string[] {
  return [...new Set(words)].filter((word) => !stems.has(word));
}

/** An expression giving the words' search vectors as a JSON object (word → vector as text). */
export function stemsExpression(words: string[]): RawBuilder<unknown> {
  if (words.length === 0) return sql`'{}'::json`;
  return sql`(
    select json_object_agg(w.word, ${searchVector(sql.ref("w.word"))}::text)
    from unnest(${words}::text[]) as w(word)
  )`;
}

/** Keeps the search vectors stemsExpression read (least recently read out first). */
export function keepStems(read: unknown) {
  for (const [word, vector] of Object.entries((read ?? {}) as Record<string, string>)) {
    stems.set(word, vector);
  }
}

/** Whether two words whose search vectors are known share them (the same stem). */
export function sameStem(word: string, other: string): boolean {
  const vector = stems.get(word);
  return vector !== undefined && vector === stems.get(other);
}
