import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { acronymLookup, acronymOf } from "./acronyms.server";
import { closeWordsOrder, textVersionLookup } from "./close-words.server";
import { expansionLookup } from "./expansion.server";
import { fullTextLeg, statisticsLookup, type WeightedWord } from "./full-text.server";
import { type FusedHit, fuseByRank } from "./fusion";
import { LEG_DEPTH, type LegName } from "./legs";
import { configuredEndpoint, type EmbeddingsEndpoint, remoteQueryVector } from "./remote-embeddings.server";
import { lookUpTogether } from "./lookups.server";
import { semanticLeg, semanticLookup, semanticMode } from "./semantic.server";
import { type Corrections, typoLookup } from "./typo.server";
import { embedText } from "./embedding.server";
import { technologyLookup } from "./technology-names.server";
import { wordVectors } from "./word-vectors.server";
import { adjacentPairs, contentWords, isContraction, isStopWord, splitWords, typedQuery } from "./words";

// The semantic leg alone ranks well below full text (`npm run search:eval`: nDCG@6 0.42 against
// 0.69), so it mostly breaks ties and brings in entries no word of the query finds. 0.1 measured
// best of 0–0.5 (0.719 / 0.833; 0: 0.696 / 0.817, 0.3: 0.679 / 0.800).
// Tried since, none better: score fusion (a convex mix of normalised scores, 0.5–0.9: at best
// 0.725 / 0.806), a sharper semantic rank constant (K 0–20: at best 0.749 / 0.850), a weight that
// grows when the full-text finds cover less of the query (at best 0.717 / 0.800), and pseudo-
// relevance feedback, in meaning (the top finds' vectors added to the query's) or in words (their
// rarest shared words added to the query): within ±0.01 either way.
// Measured again at 0.757–0.786 (issue 15's second pass; "A / B" are the dev queries in two folds by
// alternate id, kept only what helped both): weight 0.05 0.780, 0.15 0.776 (against 0.786 with the
// close-words ordering); K 30 0.744 and 100 0.748, full text's K 30 0.723 and 100 0.730 (against
// 0.757); the semantic leg's top 1–3 hits lifted by 0.3–1 more: 0.644–0.711 (against 0.777), its
// top hits are too often wrong; score fusion (full-text score over the best one plus 0.1–0.5 of the
// min-max cosine): 0.744–0.762 / 0.842–0.875 (against 0.777 / 0.883). Each typed word weighed by its
// rarity in English (the semantic leg's SIF weight, power 0.5–2) besides the catalogue's: 0.765–0.771
// (A −0.02, B +0.01, against 0.777).
const WEIGHTS: Record<LegName, number> = { fullText: 1, semantic: 0.1 };
// The found entries reordered by how close each query word comes to one of the entry's words
// (close-words.server.ts), fused at this weight: nDCG@6 / recall@12 0.778 / 0.897 → 0.786 / 0.897
// (folds by alternate id: A 0.816 → 0.827, B 0.741 → 0.745, recall unchanged); 0.1 0.784, 0.15
// 0.785, 0.25 0.776, 0.3 0.771; as a real leg (rank constant 20) 0.740. Its score added to the
// full-text score (missing words only), instead: at best 0.776 / 0.881.
// At 0.795 / 0.897 (A 0.834, B 0.756): its rank constant 20, 30, 40, 100 (weight as is or scaled to
// match) 0.756–0.790; a weight of 0.3 or 0.5 for queries of 4 or 5 meaningful words and more,
// 0.778–0.787 (A 0.797–0.809 against 0.829). The semantic leg's own depth 15, 25, 60 (the rest at
// 40): 0.752, 0.782, 0.785.
const CLOSE_WORDS_WEIGHT = 0.2;
// Query words that stand together in the query ('food bank', 'machine learning') count once more,
// at this weight, where they stand together in the entry: 0.5 measured best (nDCG@6 / recall@12
// 0.757 / 0.892; 0: 0.746 / 0.892, 0.25: 0.756 / 0.892, 1: 0.750 / 0.892).
// Again at 0.795 / 0.897 (with the close-words ordering): 0.15 0.798, 0.25 0.798 (fold B 0.756 →
// 0.755 both), 0.35 and 0.4 0.794, 0.75 0.795: no gain in both folds. Nor does a query pair's word
// counting less outside the pair where the catalogue mostly uses it in the pair ('bank' outside
// 'food bank'; at half where 15–50% of its projects hold the phrase): 0.791–0.796.
const PHRASE_WEIGHT = 0.5;
// A pair's acronym ('machine learning' → 'ml', where the catalogue confirms it): 1 measured 0.772 /
// 0.892 → 0.777 / 0.892 (fold A 0.816 / 0.906 unchanged: none of its queries has one; fold B 0.727 /
// 0.878 → 0.738 / 0.878); 0.7 the same, 1.5 0.779. Unconfirmed acronyms ('total beginner' → 'tb', a
// test in one project) cost 0.001 more.
const ACRONYM_WEIGHT = 1;
// Typed words that say little (words.ts's stop words: 'like', 'need', 'way', 'want', 'app') count
// at this weight in the full-text leg, and a contraction ("I'd", "we're": PostgreSQL keeps only
// its 'd' or 're') not at all. Dev queries, extra set (bench/search-eval/extra-queries.json),
// nDCG@6 / recall@12, from 0.803 / 0.897, 0.773 / 0.847: contractions left out 0.807 / 0.897,
// 0.773 / 0.847; with stop words at 0.9 0.808 / 0.897, 0.767; 0.8 0.807 / 0.908, 0.767 / 0.847
// (dev folds by alternate id A 0.839 → 0.828, B 0.767 → 0.787; the extra set's one change is 'we
// want neighbors to share things instead of buying them', 0.187 → 0); 0.7 0.800 / 0.897, 0.767.
// Left out altogether, stop words measured 0.767 / 0.858 (at 0.795): the catalogue's nonprofit
// needs speak as people ask ("We'd like...", "we need a way"), so those words find the right
// entries about as often as the wrong ones. Also measured, at 0.795 / 0.897: a word among the 300 /
// 1,000 commonest in English at 0.8, 0.784 / 0.791; only where over 10–20% of projects hold it
// too, at 0.5–0.7, 0.784–0.790; English rarity (as above, power 0.5–1) only in queries of 5–8
// words and more, 0.783–0.793. A corrected or close word's rarity capped at its typed word's: 0.795.
const STOP_WORD_WEIGHT = 0.8;

/**
 * The hybrid search: the full-text leg over the query's words, their typo corrections (trigram),
 * words close in meaning (word vectors, and the thesaurus for words no project uses), the
 * query's neighbouring word pairs as phrases and their acronyms, fused by reciprocal rank with the semantic leg
 * (the query's meaning vector against each entry's, pgvector).
 */
export async function hybridSearch(
  db: Kysely<Database>,
  rawQuery: string,
  count: number,
  options: SearchOptions = {},
): Promise<FusedHit[]> {
  return (await hybridRanking(db, rawQuery, { ...options, depth: Math.max(LEG_DEPTH, count) })).slice(0, count);
}

export interface SearchOptions {
  embeddings?: EmbeddingsEndpoint | null;
  /**
   * The query is a list of names (a profile's skills and interests), not something typed: its
   * words are spelt right and its neighbours are not phrases, so it skips the typo leg, phrases
   * and acronyms (a quarter of a match's cost on the demo data: PERFORMANCE.md, "Signed-in pages").
   */
  keywords?: boolean;
}

/**
 * Everything the legs found, fused, best first: each leg ranks `depth` entries (LEG_DEPTH unless
 * more are asked for). At the usual depth every box's results are a prefix of this one list
 * (searches for up to LEG_DEPTH results), or, in the catalogue, this list filtered and paged.
 */
export async function hybridRanking(
  db: Kysely<Database>,
  rawQuery: string,
  options: SearchOptions & { depth?: number } = {},
): Promise<FusedHit[]> {
  // The dev queries with ’ for ', nDCG@6 / recall@12 0.783 / 0.897 → 0.795 / 0.897 (their 'a real
  // nonprofit’s infrastructure' 0.551 → 0.912; folds by alternate id: A 0.834 unchanged, B 0.732 →
  // 0.756); with ' unchanged.
  const query = typedQuery(rawQuery);
  const words = [...new Set(splitWords(query))].slice(0, 32);
  if (words.length === 0) return [];
  const depth = options.depth ?? LEG_DEPTH;
  const endpoint = options.embeddings === undefined ? configuredEndpoint() : options.embeddings;
  // With EMBEDDINGS_URL the query's vector comes from there (the offline one when that fails).
  const remoteVector = endpoint ? remoteQueryVector(endpoint, query) : Promise.resolve(null);
  // Asked meanwhile: on PostgreSQL without pgvector it is a statement of its own, on another connection.
  const semanticModeFound = remoteVector.then((remote) => semanticMode(db, Boolean(remote)));
  // Awaited below; if a statement before then fails, its failure is the one the caller sees.
  semanticModeFound.catch(() => {});
  const pairs = options.keywords ? [] : adjacentPairs(query);
  // What the query's words need from the database, in one statement: their typo corrections, the
  // words close in meaning that projects use, and the acronyms of their pairs.
  const found = await lookUpTogether(db, {
    corrections: options.keywords ? null : typoLookup(words),
    expansions: expansionLookup(contentWords(query)),
    acronyms: acronymLookup(pairs, words),
    technologies: technologyLookup(words),
  });
  const corrections = found.corrections ?? new Map<never, never>();
  const expansions = found.expansions ?? [];
  const technologies = found.technologies ?? [];
  // A misspelt pair ('machne learning') has no acronym the catalogue confirms: its corrected one
  // may, asked in the next statement with the words' statistics (each candidate's among them).
  const correctedPairs = adjacentPairs(correctedQuery(words, corrections)).filter((pair) => !pairs.includes(pair));
  const correctedAcronymsLookup = options.keywords ? null : acronymLookup(correctedPairs, words);
  const termsBefore: WeightedWord[] = [
    ...words
      .filter((word) => !isContraction(word))
      .map((word) => ({ word, weight: isStopWord(word) ? STOP_WORD_WEIGHT : 1 })),
    ...[...corrections].map(([word, typed]) => ({
      word,
      weight: typed.similarity,
      group: typed.word,
      reason: { kind: "typo" as const, from: typed.word, to: word },
    })),
    ...expansions.map((expansion) => ({
      word: expansion.word,
      weight: expansion.similarity,
      group: expansion.from,
      reason: { kind: "close" as const, from: expansion.from, to: expansion.word },
    })),
    // A technology's name stands for the word as typed ('vue' → 'vue.js'): as much as the word.
    ...technologies.map(({ from, name }) => ({
      word: name,
      weight: 1,
      group: from,
      phrase: name.includes(" "),
      skill: true,
      reason: { kind: "nickname" as const, from, to: name },
    })),
    ...pairs.map((pair) => ({
      word: pair,
      weight: PHRASE_WEIGHT,
      phrase: true,
      reason: { kind: "phrase" as const, from: pair, to: pair },
    })),
  ];
  const candidateWords = [
    ...termsBefore.map((term) => term.word),
    ...(found.acronyms ?? []).map(({ acronym }) => acronym),
    ...(correctedAcronymsLookup ? correctedPairs.flatMap((pair) => acronymOf(pair) ?? []) : []),
  ];

  // The offline vector knows no misspelt word, so it is made of the query as corrected
  // ('machne learning imag clasifier' means machine learning, not learning alone).
  const remote = await remoteVector;
  const vector = remote ?? embedText([{ text: correctedQuery(words, corrections), weight: 1 }]);
  const remoteModel = remote ? endpoint!.model : undefined;
  // Without an index a large catalogue's semantic leg only reorders the full-text finds, after them.
  const mode = await semanticModeFound;
  const semanticNow = vector && mode !== "within";
  const indexed = mode === "index";
  const { statistics, semanticHits, correctedAcronyms, textVersion } = await lookUpTogether(db, {
    statistics: statisticsLookup(candidateWords),
    semanticHits: semanticNow ? semanticLookup({ vector, depth, remoteModel, indexed }) : null,
    correctedAcronyms: correctedAcronymsLookup,
    textVersion: textVersionLookup(),
  });
  const acronyms = [...(found.acronyms ?? []), ...(correctedAcronyms ?? [])];
  const terms: WeightedWord[] = [
    ...termsBefore,
    // An acronym stands for its pair's words together: it counts as much as one word, in place
    // of the phrase's bonus.
    ...acronyms.map(({ acronym, pair }) => ({
      word: acronym,
      weight: ACRONYM_WEIGHT,
      group: pair,
      reason: { kind: "acronym" as const, from: pair, to: acronym },
    })),
  ];
  const documents = new Map(candidateWords.map((word, index) => [word, statistics.documents[index] ?? 0]));
  const termStatistics = { total: statistics.total, documents: terms.map((term) => documents.get(term.word) ?? 0) };
  const fullText = await fullTextLeg(db, terms, depth, termStatistics);
  // Every entry either leg can return is known now: they are read for the word-by-word closeness
  // (meanwhile, where the semantic leg reorders the full-text finds).
  const foundIds = [...new Set([...fullText, ...(semanticHits ?? [])].map((hit) => hit.id))];
  const [semantic, closeWords] = await Promise.all([
    semanticHits ??
      semanticLeg(
        db,
        query,
        depth,
        vector,
        fullText.map((hit) => hit.id),
        remoteModel,
      ),
    closeWordsOrder(db, misspeltCorrected(words, corrections), foundIds, textVersion),
  ]);
  return fuseByRank({ fullText, semantic }, WEIGHTS, [{ hits: closeWords, weight: CLOSE_WORDS_WEIGHT }]);
}

/**
 * The query for the close-words ordering: a word the vectors do not know is most likely misspelt
 * ('machne', 'clasifier'), so its likeliest correction stands in; a word they know stays as typed,
 * even where the typo leg offers a word projects use ('checkups' → 'check'). On the dev queries'
 * typo queries, nDCG@6 / recall@12 0.791 / 0.897 → 0.795 / 0.897 (folds by alternate id: A 0.834
 * unchanged, B 0.747 → 0.756; its misspelt 'volunter' has a vector); every query's corrections
 * instead: 0.773 (A 0.792). The semantic leg's query vector made the same way (instead of with
 * every correction): 0.793 (A 0.830).
 */
export function misspeltCorrected(words: string[], corrections: Corrections): string {
  const { rows } = wordVectors();
  return correctedQuery(words, new Map([...corrections].filter(([, typed]) => !rows.has(typed.word))));
}

/** The query's words with each misspelt one replaced by its likeliest correction. */
export function correctedQuery(words: string[], corrections: Corrections): string {
  const best = new Map<string, { word: string; similarity: number }>();
  for (const [word, typed] of corrections) {
    const known = best.get(typed.word);
    if (!known || typed.similarity > known.similarity) best.set(typed.word, { word, similarity: typed.similarity });
  }
  return words.map((word) => best.get(word)?.word ?? word).join(" ");
}
