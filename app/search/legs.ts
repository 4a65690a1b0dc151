/** What every leg of the hybrid search returns: its own ranking, best first, and why each matched. */
export interface LegHit {
  id: string;
  /** The leg's own score, only for ordering within the leg. */
  score: number;
  /** Why it matched, in words a person reads ('dashboard', 'dashbord → dashboard', 'close in meaning'). */
  reasons: string[];
}

export type LegName = "fullText" | "semantic";

/** Entries a search may return: running projects and templates (not pending or finished ones). */
export const SEARCHABLE_SQL = "(p.kind = 'template' or p.status = 'InProgress')";

/** How deep each leg ranks before fusion: enough for recall at 12, cheap at 100,000 projects. */
export const LEG_DEPTH = 40;
