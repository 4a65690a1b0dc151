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
/**
 * Two neighbouring letters swapped ('pyhton', 'recieve') break three trigrams in the middle of a
 * word, so a short word falls below the trigram threshold ('pyhton' ~ 'python' 0.27). A word
 * projects use that the typed word becomes with one such swap counts as this alike.
 */
export const TRANSPOSITION_SIMILARITY = 0.7;

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
  const swaps = candidates.flatMap((typed) => transpositions(typed).map((swapped) => [typed, swapped]));
  return {
    expression: sql`(
      select coalesce(json_agg(json_build_array(t.typed, c.word, c.similarity)), '[]')
      from unnest(${candidates}::text[]) as t(typed)
      cross join lateral (
        select word, max(similarity) as similarity from (
          select s.word, similarity(s.word, t.typed) as similarity from search_words s
          where s.word % t.typed and s.word <> t.typed and similarity(s.word, t.typed) >= ${MIN_SIMILARITY}
          union all
          select s.word, ${TRANSPOSITION_SIMILARITY}::real from search_words s
          join unnest(${swaps.map(([typed]) => typed)}::text[], ${swaps.map(([, swapped]) => swapped)}::text[])
            as v(typed, swapped) on v.swapped = s.word
          where v.typed = t.typed
        ) alike
        where not exists (select 1 from search_words e where e.word = t.typed)
        group by word
        order by max(similarity) desc, word
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
