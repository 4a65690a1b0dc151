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
