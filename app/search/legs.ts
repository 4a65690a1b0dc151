import type { MatchReason } from "./reasons";

/** What every leg of the hybrid search returns: its own ranking, best first, and why each matched. */
export interface LegHit {
  id: string;
  /** The leg's own score, only for ordering within the leg. */
  score: number;
  /** Why it matched: the words it holds, their corrections, words close in meaning… */
  reasons: MatchReason[];
}

export type LegName = "fullText" | "semantic";

/** Entries a search may return: running projects and templates (not pending or finished ones). */
export const SEARCHABLE_SQL = "(p.kind = 'template' or p.status = 'InProgress')";

// With the close-words ordering (`npm run search:eval`, nDCG@6 / recall@12 0.795 / 0.897 at 40):
// 25 0.777 / 0.881, 60 0.785 / 0.897, 80 0.787 / 0.897.
/** How deep each leg ranks before fusion: enough for recall at 12, cheap at 100,000 projects. */
export const LEG_DEPTH = 40;
