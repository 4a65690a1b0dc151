import type { LegHit, LegName } from "./legs";
import type { MatchReason } from "./reasons";
import { RANK_CONSTANT as K } from "./tuning";

export interface FusedHit {
  id: string;
  score: number;
  /** Each leg that found it and why. */
  matchedBy: Partial<Record<LegName, MatchReason[]>>;
}

/**
 * Reciprocal-rank fusion: an entry scores Σ weight / (K + rank) over the legs that found it (raw
 * scores are not comparable). `orderings` only reorder what the legs found, as a leg would.
 */
export function fuseByRank(
  legs: Partial<Record<LegName, LegHit[]>>,
  weights: Record<LegName, number>,
  orderings: { hits: LegHit[]; weight: number }[] = [],
): FusedHit[] {
  const fused = new Map<string, FusedHit>();
  for (const [leg, hits] of Object.entries(legs) as [LegName, LegHit[]][]) {
    hits.forEach((hit, index) => {
      const entry = fused.get(hit.id) ?? { id: hit.id, score: 0, matchedBy: {} };
      entry.score += weights[leg] / (K + index + 1);
      entry.matchedBy[leg] = hit.reasons;
      fused.set(hit.id, entry);
    });
  }
  for (const { hits, weight } of orderings) {
    hits.forEach((hit, index) => {
      const entry = fused.get(hit.id);
      if (entry) entry.score += weight / (K + index + 1);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
