import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { type Lookup, lookUp } from "./lookups.server";

/**
 * The typo leg: each query word that no project uses is matched to the words projects do use
 * that look most like it (pg_trgm similarity over the search_words vocabulary: 'dashbord' →
 * 'dashboard'). The full-text leg then ranks with those words too, so a misspelt word counts
 * as much as the word it meant, weighed by how rare that word is.
 */
const MIN_SIMILARITY = 0.45;
const CORRECTIONS_PER_WORD = 2;

/** Corrections found: the word projects use → the query word it was typed as, and how alike. */
export type Corrections = Map<string, { word: string; similarity: number }>;

/** The typo lookup for the query's words, or null when none could be misspelt. */
export function typoLookup(words: string[]): Lookup<Corrections> | null {
  const candidates = words.filter((word) => word.length >= 4 && /^\p{L}+$/u.test(word));
  if (candidates.length === 0) return null;
  return {
    expression: sql`(
      select coalesce(json_agg(json_build_array(t.typed, c.word, c.similarity)), '[]')
      from unnest(${candidates}::text[]) as t(typed)
      cross join lateral (
        select s.word, similarity(s.word, t.typed) as similarity from search_words s
        where s.word % t.typed and s.word <> t.typed
          and not exists (select 1 from search_words e where e.word = t.typed)
          and similarity(s.word, t.typed) >= ${MIN_SIMILARITY}
        order by similarity(s.word, t.typed) desc, s.word
        limit ${CORRECTIONS_PER_WORD}
      ) c
    )`,
    read: (value) =>
      new Map(
        (value as [string, string, number][]).map(([typed, word, similarity]) => [
          word,
          { word: typed, similarity: Number(similarity) },
        ]),
      ),
  };
}

export async function correctTypos(db: Kysely<Database>, words: string[]): Promise<Corrections> {
  const lookup = typoLookup(words);
  return lookup ? lookUp(db, lookup) : new Map();
}
