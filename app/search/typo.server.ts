import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { type Lookup, lookUp } from "./lookups.server";
import { CORRECTIONS_PER_WORD, TRANSPOSITION_SIMILARITY, TYPO_MIN_SIMILARITY as MIN_SIMILARITY } from "./tuning";
import { wordVectors } from "./word-vectors.server";

export { TRANSPOSITION_SIMILARITY };

/**
 * The typo leg: each query word that no project uses is matched to the words projects do use
 * that look most like it (pg_trgm similarity over the search_words vocabulary: 'dashbord' →
 * 'dashboard'). The full-text leg then ranks with those words too, so a misspelt word counts
 * as much as the word it meant, weighed by how rare that word is.
 */

/** The words `word` becomes with two neighbouring letters swapped. */
export function transpositions(word: string): string[] {
  const letters = [...word];
  const variants = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    variants.add(swapped.join(""));
  }
  return [...variants];
}

/** Corrections found: the word projects use → the query word it was typed as, and how alike. */
export type Corrections = Map<string, { word: string; similarity: number }>;

/** The typo lookup for the query's words, or null when none could be misspelt. */
export function typoLookup(words: string[]): Lookup<Corrections> | null {
  const candidates = words.filter((word) => word.length >= 4 && /^\p{L}+$/u.test(word));
  if (candidates.length === 0) return null;
  // Swapped letters are looked for only in a word English does not know either (the word vectors'
  // vocabulary): most queries have none, and each variant costs a probe.
  const { rows } = wordVectors();
  const swaps = candidates
    .filter((typed) => !rows.has(typed))
    .flatMap((typed) => transpositions(typed).map((swapped) => [typed, swapped]));
  const swapped =
    swaps.length === 0
      ? sql``
      : sql`
        union all
        -- Probed by primary key, only for a word no project uses.
        select t.typed, v.swapped, ${TRANSPOSITION_SIMILARITY}::real
        from unnest(${candidates}::text[]) as t(typed)
        join unnest(${swaps.map(([typed]) => typed)}::text[], ${swaps.map(([, variant]) => variant)}::text[])
          as v(typed, swapped) on v.typed = t.typed
        where not exists (select 1 from search_words e where e.word = t.typed)
          and exists (select 1 from search_words e where e.word = v.swapped)`;
  return {
    expression: sql`(
      select coalesce(json_agg(json_build_array(found.typed, found.word, found.similarity)), '[]') from (
        select t.typed, c.word, c.similarity
        from unnest(${candidates}::text[]) as t(typed)
        cross join lateral (
          select s.word, similarity(s.word, t.typed) as similarity from search_words s
          where s.word % t.typed and s.word <> t.typed
            and not exists (select 1 from search_words e where e.word = t.typed)
            and similarity(s.word, t.typed) >= ${MIN_SIMILARITY}
          order by similarity(s.word, t.typed) desc, s.word
          limit ${CORRECTIONS_PER_WORD}
        ) c
        ${swapped}
      ) found
    )`,
    read: (value) => {
      // The likeliest CORRECTIONS_PER_WORD a typed word, of both kinds.
      const found = (value as [string, string, number][])
        .map(([typed, word, similarity]) => ({ typed, word, similarity: Number(similarity) }))
        .sort((a, b) => b.similarity - a.similarity || a.word.localeCompare(b.word));
      const corrections: Corrections = new Map();
      const taken = new Map<string, number>();
      for (const { typed, word, similarity } of found) {
        if (corrections.has(word) || (taken.get(typed) ?? 0) >= CORRECTIONS_PER_WORD) continue;
        taken.set(typed, (taken.get(typed) ?? 0) + 1);
        corrections.set(word, { word: typed, similarity });
      }
      return corrections;
    },
  };
}

export async function correctTypos(db: Kysely<Database>, words: string[]): Promise<Corrections> {
  const lookup = typoLookup(words);
  return lookup ? lookUp(db, lookup) : new Map();
}
