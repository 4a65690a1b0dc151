/**
 * Why an entry matched, as data the search produces: screens put it in words
 * (app/search/match-text.ts), the search API as its documented strings (`reasonStrings`).
 */
export type MatchReasonKind =
  | "word" // a word as typed: from and to are the word
  | "typo" // a misspelt word and the word projects use it was read as ('dashbord' → 'dashboard')
  | "close" // a word close in meaning that the entry holds ('renters' → 'tenant')
  | "phrase" // words that stand together in the query and in the entry ('food bank')
  | "acronym" // a pair of words and the acronym the entry holds ('machine learning' → 'ml')
  | "nickname" // a technology's nickname and its name ('golang' → 'go', 'vue' → 'vue.js')
  | "semantic"; // the entry's meaning is close to the query's: from and to are empty

export interface MatchReason {
  kind: MatchReasonKind;
  from: string; // what the person typed (a word, or two for a phrase or an acronym)
  to: string; // what the entry holds that matched it
}

export const wordReason = (word: string): MatchReason => ({ kind: "word", from: word, to: word });

export const SEMANTIC_REASON: MatchReason = { kind: "semantic", from: "", to: "" };

/**
 * The search API's `matchedBy` strings (its contract): 'dashboard', 'dashbord → dashboard',
 * 'renters ≈ tenant', 'machine learning ≈ ml', 'close in meaning'. A phrase has none: its words
 * are there already.
 */
export function reasonString(reason: MatchReason): string | null {
  switch (reason.kind) {
    case "word":
      return reason.to;
    case "typo":
      return `${reason.from} → ${reason.to}`;
    case "close":
    case "acronym":
    case "nickname":
      return `${reason.from} ≈ ${reason.to}`;
    case "phrase":
      return null;
    case "semantic":
      return "close in meaning";
  }
}

export const reasonStrings = (reasons: MatchReason[]): string[] =>
  reasons.flatMap((reason) => reasonString(reason) ?? []);
