import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { expandByMeaning } from "./expansion.server";
import { fullTextLeg, type WeightedWord } from "./full-text.server";
import { type FusedHit, fuseByRank } from "./fusion";
import { LEG_DEPTH, type LegName } from "./legs";
import { configuredEndpoint, type EmbeddingsEndpoint, remoteQueryVector } from "./remote-embeddings.server";
import { semanticLeg, semanticMode } from "./semantic.server";
import { correctTypos } from "./typo.server";
import { contentWords, splitWords } from "./words";

// The semantic leg alone ranks well below full text (`npm run search:eval`: nDCG@6 0.42 against
// 0.69), so it mostly breaks ties and brings in entries no word of the query finds. 0.1 measured
// best of 0–0.5 (0.719 / 0.833; 0: 0.696 / 0.817, 0.3: 0.679 / 0.800).
const WEIGHTS: Record<LegName, number> = { fullText: 1, semantic: 0.1 };

/**
 * The hybrid search: the full-text leg over the query's words, their typo corrections (trigram)
 * and words close in meaning (word vectors), fused by reciprocal rank with the semantic leg
 * (the query's meaning vector against each entry's, pgvector).
 */
export async function hybridSearch(
  db: Kysely<Database>,
  query: string,
  count: number,
  options: { embeddings?: EmbeddingsEndpoint | null } = {},
): Promise<FusedHit[]> {
  const words = [...new Set(splitWords(query))].slice(0, 32);
  if (words.length === 0) return [];
  const depth = Math.max(LEG_DEPTH, count);
  const endpoint = options.embeddings === undefined ? configuredEndpoint() : options.embeddings;
  // With EMBEDDINGS_URL the query's vector comes from there (the offline one when that fails).
  // Without an index a large catalogue's semantic leg waits for the full-text finds to reorder.
  const semanticPlan = (async () => {
    const remoteVector = endpoint ? await remoteQueryVector(endpoint, query) : null;
    const plan = remoteVector
      ? { vector: remoteVector, model: endpoint!.model }
      : { vector: undefined, model: undefined };
    const mode = await semanticMode(db, Boolean(remoteVector));
    const hits = mode === "within" ? null : await semanticLeg(db, query, depth, plan.vector, undefined, plan.model);
    return { ...plan, hits };
  })();
  const [corrections, expansions, semanticFound] = await Promise.all([
    correctTypos(db, words),
    expandByMeaning(db, contentWords(query)),
    semanticPlan,
  ]);
  const terms: WeightedWord[] = [
    ...words.map((word) => ({ word, weight: 1 })),
    ...[...corrections].map(([word, typed]) => ({ word, weight: typed.similarity, group: typed.word })),
    ...expansions.map((expansion) => ({ word: expansion.word, weight: expansion.similarity, group: expansion.from })),
  ];
  const explanation = new Map<string, string>([
    ...[...corrections].map(([word, typed]): [string, string] => [word, `${typed.word} → ${word}`]),
    ...expansions.map((expansion): [string, string] => [expansion.word, `${expansion.from} ≈ ${expansion.word}`]),
  ]);
  const fullText = (await fullTextLeg(db, terms, depth)).map((hit) => ({
    ...hit,
    reasons: hit.reasons.map((word) => explanation.get(word) ?? word),
  }));
  const semantic =
    semanticFound.hits ??
    (await semanticLeg(
      db,
      query,
      depth,
      semanticFound.vector,
      fullText.map((hit) => hit.id),
      semanticFound.model,
    ));
  return fuseByRank({ fullText, semantic }, WEIGHTS).slice(0, count);
}
