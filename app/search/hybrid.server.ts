import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { acronymLookup, acronymOf } from "./acronyms.server";
import { closeWordsOrder } from "./close-words.server";
import { keptEntries, rankingVersionLookup } from "./kept-entries.server";
import { type Expansion, expansionLookup } from "./expansion.server";
import { fullTextLeg, statisticsLookup, type WeightedWord } from "./full-text.server";
import { type FusedHit, fuseByRank } from "./fusion";
import {
  ACRONYM_WEIGHT,
  CLOSE_WORDS_WEIGHT,
  LEG_DEPTH,
  LEG_WEIGHTS,
  PHRASE_WEIGHT,
  STOP_WORD_WEIGHT,
  TOPIC_VECTOR_WEIGHT,
} from "./tuning";
import { configuredEndpoint, type EmbeddingsEndpoint, remoteQueryVector } from "./remote-embeddings.server";
import { lookUpTogether } from "./lookups.server";
import { semanticLeg, semanticLookup, semanticMode, semanticWithin } from "./semantic.server";
import { type Corrections, typoLookup } from "./typo.server";
import { embedText } from "./embedding.server";
import { keptRanking, type Ranking } from "./kept-rankings.server";
import { technologyLookup } from "./technology-names.server";
import { wordVectors } from "./word-vectors.server";
import { adjacentPairs, contentWords, isContraction, isStopWord, splitWords, typedQuery } from "./words";

/**
 * The hybrid search: full text over the query's words, their typo corrections, words close in
 * meaning, phrases and acronyms, fused by reciprocal rank with the semantic leg (pgvector).
 */
export async function hybridSearch(
  db: Kysely<Database>,
  rawQuery: string,
  count: number,
  options: SearchOptions = {},
): Promise<readonly FusedHit[]> {
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
): Promise<readonly FusedHit[]> {
  const depth = options.depth ?? LEG_DEPTH;
  const endpoint = options.embeddings === undefined ? configuredEndpoint() : options.embeddings;
  const key = JSON.stringify([typedQuery(rawQuery), depth, Boolean(options.keywords), endpoint?.url, endpoint?.model]);
  return keptRanking(db, key, () => rankAfresh(db, rawQuery, options.keywords ?? false, depth, endpoint));
}

async function rankAfresh(
  db: Kysely<Database>,
  rawQuery: string,
  keywords: boolean,
  depth: number,
  endpoint: EmbeddingsEndpoint | null,
): Promise<Ranking> {
  const options = { keywords };
  const query = typedQuery(rawQuery);
  const words = [...new Set(splitWords(query))].slice(0, 32);
  if (words.length === 0) return { hits: [], keepable: true };
  // With EMBEDDINGS_URL the query's vector comes from there (the offline one when that fails).
  const remoteVector = endpoint ? remoteQueryVector(endpoint, query) : Promise.resolve(null);
  // Asked meanwhile: on PostgreSQL without pgvector it is a statement of its own, on another connection.
  const semanticModeFound = remoteVector.then((remote) => semanticMode(db, Boolean(remote)));
  // Awaited below: a statement failing before then is the failure the caller sees.
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
      group: expansion.group ?? expansion.from,
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

  const remote = await remoteVector;
  const vector = remote ?? offlineQueryVector(words, corrections, expansions);
  const remoteModel = remote ? endpoint!.model : undefined;
  // Without an index a large catalogue's semantic leg only reorders the full-text finds, after them.
  const mode = await semanticModeFound;
  const semanticNow = vector && mode !== "within";
  const indexed = mode === "index";
  const { statistics, semanticHits, correctedAcronyms, version } = await lookUpTogether(db, {
    statistics: statisticsLookup(candidateWords),
    semanticHits: semanticNow ? semanticLookup({ vector, depth, remoteModel, indexed }) : null,
    correctedAcronyms: correctedAcronymsLookup,
    version: rankingVersionLookup(),
  });
  const acronyms = [...(found.acronyms ?? []), ...(correctedAcronyms ?? [])];
  const terms: WeightedWord[] = [
    ...termsBefore,
    // An acronym stands for its pair's words together: as much as one word.
    ...acronyms.map(({ acronym, pair }) => ({
      word: acronym,
      weight: ACRONYM_WEIGHT,
      group: pair,
      reason: { kind: "acronym" as const, from: pair, to: acronym },
    })),
  ];
  const indexOf = new Map(candidateWords.map((word, index) => [word, index]));
  const termStatistics = {
    total: statistics.total,
    documents: terms.map((term) => statistics.documents[indexOf.get(term.word) ?? -1] ?? 0),
    queries: terms.map((term) => statistics.queries[indexOf.get(term.word) ?? -1] ?? { words: "", phrase: "" }),
  };
  const fullText = await fullTextLeg(db, terms, depth, termStatistics);
  // Every entry either leg can return is known now: they are read (most are kept in memory) for
  // the word-by-word closeness and, where the semantic leg reorders the full-text finds, for it.
  const foundIds = [...new Set([...fullText, ...(semanticHits ?? [])].map((hit) => hit.id))];
  const [entries, remoteSemantic] = await Promise.all([
    keptEntries(db, foundIds, version, { vectors: !semanticHits && !remoteModel && Boolean(vector) }),
    !semanticHits && remoteModel
      ? semanticLeg(
          db,
          query,
          depth,
          vector,
          fullText.map((hit) => hit.id),
          remoteModel,
        )
      : null,
  ]);
  const semantic = semanticHits ?? remoteSemantic ?? (vector ? semanticWithin(entries, vector, depth) : []);
  const closeWords = closeWordsOrder(entries, misspeltCorrected(words, corrections));
  return {
    hits: fuseByRank({ fullText, semantic }, LEG_WEIGHTS, [{ hits: closeWords, weight: CLOSE_WORDS_WEIGHT }]),
    // Ranked with the offline vector only because the remote one failed: not the ranking to keep.
    keepable: !endpoint || Boolean(remote),
  };
}

/**
 * The query's meaning from the offline word vectors. They know no misspelt word, so it is made of
 * the query as corrected ('machne learning imag clasifier' means machine learning, not learning
 * alone), with the words of the needs it names, which the vectors do not place near its own
 * ('hungry' and 'pantry').
 */
export function offlineQueryVector(words: string[], corrections: Corrections, expansions: Expansion[]) {
  return embedText([
    { text: correctedQuery(words, corrections), weight: 1 },
    ...expansions
      .filter((expansion) => expansion.topic)
      .map(({ word }) => ({ text: word, weight: TOPIC_VECTOR_WEIGHT })),
  ]);
}

/**
 * The query for the close-words ordering: a word the vectors do not know is most likely misspelt
 * ('machne', 'clasifier'), so its likeliest correction stands in; a word they know stays as typed,
 * even where the typo leg offers a word projects use ('checkups' → 'check').
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
