import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { type Lookup, lookUp } from "./lookups.server";
import { type Neighbour, wordNeighbours } from "./word-neighbours.server";
import { relatedWords } from "./word-relations.server";
import { unitWordVectors as normalised, wordVectors } from "./word-vectors.server";

/**
 * Query expansion by meaning: for each query word, the words projects use whose word vectors are
 * closest to it ('renters' → 'tenants', 'grandparents' → 'seniors'), each with its cosine
 * similarity, so the full-text leg also finds entries that say the same thing in other words.
 *
 * Word vectors place words that appear together close ('spring' → 'summer', 'grandparents' →
 * 'siblings'), which is not the same meaning. So a query word that no project uses also brings
 * the words the thesaurus (WordNet) relates to it ('renters' → 'tenant', 'checkups' → 'medical',
 * 'grandparents' → 'grandma') that projects do use and whose vectors are at least
 * THESAURUS_COSINE close to it: WordNet lists every sense of a word, the vectors tell which sense
 * the query means. A word projects use already finds them itself; its thesaurus words only add
 * noise there (all query words: nDCG@6 / recall@12 0.753 / 0.875; only unused ones: 0.757 / 0.892).
 *
 * A word that names a technology some project uses ('react', 'swift', 'spring' for Spring Boot)
 * means that technology, so it is not expanded by its English senses ('react' → 'differently',
 * 'swift' → 'quick', 'spring' → 'summer'): 0.777 / 0.892 → 0.778 / 0.897 (folds by alternate id: A
 * 0.816 / 0.906 → 0.816 / 0.917, B 0.738 / 0.878 → 0.741 / 0.878).
 *
 * Tried and left out (nDCG@6 / recall@12; folds A / B by alternate id, baseline 0.772–0.786):
 * - the thesaurus for every query word at 0.3–1 of its cosine, 2–4 words: 0.756–0.777, never up
 *   in both folds (one gains 0.01–0.02, the other loses as much); again with the close-words
 *   ordering: 0.785 / 0.892 against 0.786 / 0.897.
 * - neighbours the thesaurus does not confirm at 0.3–0.7 of their cosine: 0.756–0.758 (against 0.772).
 * - neighbours weighed by cosine² or cosine³, or 0.6–0.8 of it: 0.744–0.766; 2 or 4 a word: 0.766 /
 *   0.857, 0.774 / 0.892; a shortlist of 200 or 1,000 nearest words: no change.
 * - neighbours chosen by closeness to the rest of the query (its other words' mean cosine, as a
 *   floor 0–0.2 or added to the ranking): 0.741–0.778 against 0.777.
 * At 0.795 / 0.897 (A 0.834, B 0.756):
 * - MIN_FREQUENCY_RANK 500, 700, 1500: 0.776, 0.788, 0.756; neighbours too only past rank 300,
 *   600, 1,000, 1,500 ('data' for 'inventory'): 0.787–0.794 / 0.864–0.897 (against 0.799).
 * - 2, 4, 5 or 6 neighbours for a word no project uses (3 for the rest): 0.782, 0.793, 0.790, 0.790.
 * - a used word's neighbours at 0.6, 0.8, 1.15, 1.3 of their cosine: 0.759, 0.792, 0.786, 0.788;
 *   an unused word's at 1.2: 0.794.
 * - the 3 used words nearest the whole query's vector, at 0.3 or 0.6 of their cosine, for queries
 *   of 2 words or more: 0.783, 0.767 (against 0.799): a mean of words lands near generic ones
 *   ('actually', 'focus', 'everyone'). Misspelt words' corrections expanded too: unchanged.
 * - the thesaurus also for a word at most 1, 2 or 3 projects use ('renters', 'tally'): 0.791,
 *   0.784, 0.784 (A 0.826–0.812, B unchanged).
 * - neighbours weighed by how often they share a project with the query word: not built, the
 *   catalogue is too small to tell (most share 0–2 of 160 projects).
 */
// 0.6 measured best (nDCG@6 / recall@12: 0.719 / 0.833; 0.55: 0.713 / 0.817; 0.65: 0.706 / 0.789).
const MIN_COSINE = 0.6;
const PER_WORD = 3;
// Nearest words in English to look up in our vocabulary: most are words no project uses.
const SHORTLIST = 40;
// Of those, the closest this many (after MAX_COMMONER) are looked up in the catalogue's vocabulary,
// each with its plural: a long request's 40 a word made 347 primary-key probes. 25 gives the same
// judged ranking on both sets (dev 0.807 / 0.908, extra 0.767 / 0.847; 20: dev 0.798 at 0.801) and
// measured 0.4–0.6 ms less a search at 100,000 projects (in process, alternated).
const PROBED = 25;
// Only specific words are expanded: the vectors file lists words by frequency, and a common word
// ('getting', 'change') has neighbours in every sense, which only add noise.
const MIN_FREQUENCY_RANK = 1000;

// `npm run search:eval` with the thesaurus (before: 0.746 / 0.858): cosine 0.3, 0.4 and 0.5 and
// 1–3 words each all measure 0.756–0.757 / 0.892.
const THESAURUS_COSINE = 0.4;
// The thesaurus's closest word only: its second is more often another sense. 2 → 1: dev queries
// 0.796 / 0.897 → 0.798 / 0.897 (three queries up, none down), the extra set 0.760 / 0.847 → 0.767
// / 0.847; 3 0.796 / 0.892.
const THESAURUS_PER_WORD = 1;
/**
 * A neighbour far commoner in English than the query word is more often a word that keeps it
 * company than one that means the same ('next' and 'start' for 'schedule', 'data' and 'sales' for
 * 'inventory', 'students' for 'volunteers'), so a neighbour at most this many times commoner (by
 * the vectors' frequency ranks) is taken. Dev queries, extra set (from 0.798 / 0.897, 0.767 /
 * 0.847): 2 0.768, 0.770; 3 0.788, 0.769; 4 0.795, 0.768; 5 0.804, 0.773; 6 0.803 / 0.897, 0.773 /
 * 0.847; 7 0.804, 0.773; 10 0.799, 0.767.
 */
const MAX_COMMONER = 6;

export interface Expansion {
  word: string;
  from: string;
  similarity: number;
}

/** What scripts/build-word-neighbours.ts keeps for each word (app/search/word-neighbours.bin). */
export const NEIGHBOUR_SETTINGS = { minRank: MIN_FREQUENCY_RANK, minCosine: MIN_COSINE, limit: SHORTLIST };

/** The words nearest `word` by vector, closest first: none for a common or unknown word. */
function nearestWords(word: string): Neighbour[] {
  const row = wordVectors().rows.get(word);
  if (row === undefined || row < MIN_FREQUENCY_RANK) return [];
  const neighbours = wordNeighbours();
  const { minRank, minCosine, limit } = NEIGHBOUR_SETTINGS;
  if (neighbours.minRank !== minRank || neighbours.minCosine !== Math.fround(minCosine) || neighbours.limit !== limit) {
    throw new Error(
      "app/search/word-neighbours.bin was built with other settings: run scripts/build-word-neighbours.ts",
    );
  }
  // Ranks are frequency ranks: a neighbour whose rank is a sixth of the word's is six times commoner.
  return neighbours
    .of(row)
    .filter((neighbour) => neighbour.row * MAX_COMMONER >= row)
    .slice(0, PROBED);
}

let wordsByRow: string[] | undefined;

function cosine(a: number, b: number): number {
  const { dimensions } = wordVectors();
  const vectors = normalised();
  let dot = 0;
  for (let i = 0; i < dimensions; i++) dot += vectors[a * dimensions + i] * vectors[b * dimensions + i];
  return dot;
}

/** The thesaurus's words for a query word, in the sense the vectors give it, closest first. */
function thesaurusWords(word: string): { word: string; similarity: number }[] {
  const { rows } = wordVectors();
  const row = rows.get(word);
  if (row === undefined) return [];
  return relatedWords(word)
    .flatMap((other) => {
      const otherRow = rows.get(other);
      if (otherRow === undefined) return [];
      const similarity = cosine(row, otherRow);
      return similarity >= THESAURUS_COSINE ? [{ word: other, similarity }] : [];
    })
    .sort((a, b) => b.similarity - a.similarity);
}

/**
 * The lookup that picks the query words' expansions, or null when no word has any to offer.
 *
 * A neighbour with the query word's own stem ('scheduling' for 'schedule') is skipped: the
 * full-text leg finds it through the word already, so its place goes to another word. Dev queries
 * 0.795 / 0.897 → 0.796 / 0.897, the extra set (bench/search-eval/extra-queries.json) 0.760 /
 * 0.839 → 0.760 / 0.847.
 */
export function expansionLookup(words: string[]): Lookup<Expansion[]> | null {
  wordsByRow ??= [...wordVectors().rows.keys()];
  const candidates = words.flatMap((from) =>
    nearestWords(from).map(({ row, similarity }) => ({ word: wordsByRow![row], from, similarity })),
  );
  const synonyms = words.flatMap((from) => thesaurusWords(from).map((related) => ({ ...related, from })));
  if (candidates.length === 0 && synonyms.length === 0) return null;
  // A thesaurus word counts when projects use it or its plural ('tenant' for 'tenants'): the
  // full-text leg stems both alike.
  const lookups = [...new Set([...words, ...[...candidates, ...synonyms].flatMap((c) => [c.word, `${c.word}s`])])];
  return {
    expression: sql`json_build_array(
      -- One primary-key probe a word. Written as 'word = any(...)', the planner read the trigram
      -- index instead (it takes equality too): 2.9–3.5 ms against 0.6–0.8 ms for 300 words.
      array(
        select l.word from unnest(${lookups}::text[]) as l(word)
        where exists (select 1 from search_words w where w.word = l.word)
      ),
      -- Technology names among the query's words: 'react', 'swift', 'spring' (Spring Boot).
      array(
        select w.word from unnest(${words}::text[]) as w(word)
        where exists (
          select 1 from project_filter_values f
          where f.project_count > 0 and w.word in (lower(f.value), lower(split_part(f.value, ' ', 1)))
        )
      ),
      -- Neighbours of the query word's stem, as 'neighbour word'.
      array(
        select c.word || ' ' || c.from_word from unnest(${candidates.map((c) => c.word)}::text[], ${candidates.map((c) => c.from)}::text[]) as c(word, from_word)
        where to_tsvector('english', c.word) = to_tsvector('english', c.from_word)
      )
    )`,
    read: (value) => {
      const [usedWords, technicalWords, sameStem] = value as [string[], string[], string[]];
      const stemmed = new Set(sameStem);
      const otherWords = candidates.filter((candidate) => !stemmed.has(`${candidate.word} ${candidate.from}`));
      return chooseExpansions(words, otherWords, synonyms, new Set(usedWords), new Set(technicalWords));
    },
  };
}

export async function expandByMeaning(db: Kysely<Database>, words: string[]): Promise<Expansion[]> {
  const lookup = expansionLookup(words);
  return lookup ? lookUp(db, lookup) : [];
}

/**
 * Up to PER_WORD neighbours a query word, among the words projects use, and the thesaurus's words
 * for a query word no project uses; none for a technology's name.
 */
function chooseExpansions(
  words: string[],
  candidates: Expansion[],
  synonyms: Expansion[],
  used: Set<string>,
  technical: Set<string>,
): Expansion[] {
  const taken = new Map<string, number>();
  const nearest = candidates.filter((candidate) => {
    if (!used.has(candidate.word) || words.includes(candidate.word) || technical.has(candidate.from)) return false;
    const count = taken.get(candidate.from) ?? 0;
    if (count >= PER_WORD) return false;
    taken.set(candidate.from, count + 1);
    return true;
  });
  const found = new Set(nearest.map((expansion) => expansion.word));
  const takenFromThesaurus = new Map<string, number>();
  const related = synonyms.filter((synonym) => {
    if (used.has(synonym.from) || technical.has(synonym.from) || words.includes(synonym.word)) return false;
    if (!(used.has(synonym.word) || used.has(`${synonym.word}s`))) return false;
    if (found.has(synonym.word)) return false;
    const count = takenFromThesaurus.get(synonym.from) ?? 0;
    if (count >= THESAURUS_PER_WORD) return false;
    takenFromThesaurus.set(synonym.from, count + 1);
    found.add(synonym.word);
    return true;
  });
  return [...nearest, ...related];
}
