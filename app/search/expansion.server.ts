import { type Kysely, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "#db/schema";
import { type Lookup, lookUp } from "./lookups.server";
import { type Neighbour, wordNeighbours } from "./word-neighbours.server";
import {
  EXPANSION_MIN_COSINE as MIN_COSINE,
  EXPANSIONS_PER_WORD as PER_WORD,
  MAX_COMMONER,
  MIN_FREQUENCY_RANK,
  MIN_NEIGHBOUR_RANK,
  NEIGHBOUR_SHORTLIST as SHORTLIST,
  NEIGHBOURS_PROBED as PROBED,
  THESAURUS_COSINE,
  THESAURUS_PER_WORD,
  TOPIC_WORD_WEIGHT,
  TOPIC_WORDS_PER_TERM,
} from "./tuning";
import { topicWords } from "./topic-words.server";
import { baseForms, relatedWords } from "./word-relations.server";
import { unitWordVectors as normalised, wordVectors } from "./word-vectors.server";
import { keepStems, sameStem, stemsExpression, unknownStems } from "./word-stems.server";

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
 * noise there.
 * A technology's name some project uses ('react', 'swift') is not expanded by its English senses.
 *
 * A neighbour far commoner in English than the query word is more often a word that keeps it
 * company than one that means the same ('next' and 'start' for 'schedule', 'data' for
 * 'inventory'), so only neighbours at most MAX_COMMONER times commoner are taken; and none of the
 * commonest English words, too vague to stand for any ('near' and 'town' for 'nearby', 'stock'
 * for 'buying').
 */

export interface Expansion {
  word: string;
  /** The query's word, or pair of words, it stands for. */
  from: string;
  similarity: number;
  /** The query word whose stand-ins it joins, when not `from` (a pair's last word). */
  group?: string;
  /** A word of a need the query names (topic-words.txt), not one close by vector or thesaurus. */
  topic?: boolean;
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
    .filter((neighbour) => neighbour.row * MAX_COMMONER >= row && neighbour.row >= MIN_NEIGHBOUR_RANK)
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

type Related = { word: string; similarity: number }[];
// Weighing a word's thesaurus entries is a visible share of a search's own work; people repeat words.
const thesaurusKept = new LRUCache<string, Related>({ max: 5_000 });

/** The thesaurus's words for a query word, in the sense the vectors give it, closest first. */
function thesaurusWords(word: string): Related {
  const row = wordVectors().rows.get(word);
  // A word English does not know has none, and is not kept: any text can be typed.
  if (row === undefined) return [];
  let related = thesaurusKept.get(word);
  if (!related) thesaurusKept.set(word, (related = weighThesaurusWords(word, row)));
  return related;
}

function weighThesaurusWords(word: string, row: number): Related {
  const { rows } = wordVectors();
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
 * full-text leg finds it through the word already, so its place goes to another word.
 */
export function expansionLookup(words: string[]): Lookup<Expansion[]> | null {
  wordsByRow ??= [...wordVectors().rows.keys()];
  const candidates = words.flatMap((from) =>
    nearestWords(from).map(({ row, similarity }) => ({ word: wordsByRow![row], from, similarity })),
  );
  const synonyms = words.flatMap((from) => thesaurusWords(from).map((related) => ({ ...related, from })));
  const topical = topicWords(words).map((topic) => ({ ...topic, similarity: TOPIC_WORD_WEIGHT, topic: true }));
  if (candidates.length === 0 && synonyms.length === 0 && topical.length === 0) return null;
  // A thesaurus word counts when projects use it or its plural ('tenant' for 'tenants'): the
  // full-text leg stems both alike.
  const lookups = [
    ...new Set([
      ...words,
      ...[...candidates, ...synonyms].flatMap((c) => [c.word, `${c.word}s`]),
      ...topical.map((t) => t.word),
    ]),
  ];
  const unstemmed = unknownStems(candidates.flatMap((candidate) => [candidate.word, candidate.from]));
  return {
    expression: sql`json_build_array(
      -- One primary-key probe a word. Written as 'word = any(...)', the planner read the trigram
      -- index instead (it takes equality too), several times slower.
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
      -- The stems of the words not seen before, to tell a neighbour of the query word's own stem.
      ${stemsExpression(unstemmed)}
    )`,
    read: (value) => {
      const [usedWords, technicalWords, stems] = value as [string[], string[], unknown];
      keepStems(stems);
      const otherWords = candidates.filter((candidate) => !sameStem(candidate.word, candidate.from));
      const used = new Set(usedWords);
      const chosen = chooseExpansions(words, otherWords, synonyms, used, new Set(technicalWords));
      return [...chosen, ...chooseTopicWords(topical, used, new Set(chosen.map((expansion) => expansion.word)))];
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

/**
 * Up to TOPIC_WORDS_PER_TERM topic words a query term, among the words projects use and not chosen
 * already, nor another form of one ('groceries' after 'grocery': the full-text leg stems both alike).
 */
function chooseTopicWords(topical: Expansion[], used: Set<string>, chosen: Set<string>): Expansion[] {
  const taken = new Map<string, number>();
  const forms = new Set([...chosen].flatMap(baseForms));
  return topical.filter((topic) => {
    const count = taken.get(topic.from) ?? 0;
    if (!used.has(topic.word) || chosen.has(topic.word) || count >= TOPIC_WORDS_PER_TERM) return false;
    taken.set(topic.from, count + 1);
    // Another form still counts as a word taken: the words a term brings stay the same.
    const ownForms = baseForms(topic.word);
    if (ownForms.some((form) => forms.has(form))) return false;
    ownForms.forEach((form) => forms.add(form));
    return true;
  });
}
