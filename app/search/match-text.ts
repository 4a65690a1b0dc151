import type { MatchReason } from "~/search/reasons";
import { isFillerWord } from "~/search/words";

/** At most this many items per kind of reason, so a card's line stays short. */
const MAX_ITEMS = 3;

const list = (items: string[]) =>
  items.length > MAX_ITEMS
    ? `${items.slice(0, MAX_ITEMS).join(", ")} and ${items.length - MAX_ITEMS} more`
    : items.join(", ");

/** The matched words, a matched phrase ('food bank') in place of its words. */
function matchedWords(reasons: MatchReason[]): string[] {
  const words = reasons.filter((reason) => reason.kind === "word").map((reason) => reason.to);
  for (const phrase of reasons.filter((reason) => reason.kind === "phrase")) {
    const parts = phrase.to.split(" ");
    const at = words.indexOf(parts[0]!);
    if (at < 0 || !parts.every((part) => words.includes(part))) continue;
    words.splice(at, 1, phrase.to);
    for (const part of parts.slice(1)) words.splice(words.indexOf(part), 1);
  }
  return words;
}

/** What a card says of an entry that only words without a topic ('help', 'want') found. */
export const LOOSE_MATCH = "Loosely related";

/** A reason worth showing: one that names a topic, not only words like 'want', 'help' or 'way'. */
function telling(reason: MatchReason): boolean {
  if (reason.kind === "semantic") return true;
  const saysNothing = (words: string) => words.split(" ").every(isFillerWord);
  return !saysNothing(reason.from) && !saysNothing(reason.to);
}

/**
 * Why a search result matched, in the short line its card shows (the catalogue, /search-result,
 * the signed-in home): 'Matched: animal shelter', 'Spelling: dashbord → dashboard', 'Similar
 * meaning: renters ≈ tenant', or 'Similar meaning' when only the meaning vectors found it. Words
 * that carry no topic are never a reason: when only they matched, the entry is loosely related.
 */
export function describeMatch(found: MatchReason[]): string {
  const reasons = found.filter(telling);
  const unique = (items: string[]) => [...new Set(items)];
  const words = unique(matchedWords(reasons));
  const spelling = unique(reasons.filter((r) => r.kind === "typo").map((r) => `${r.from} → ${r.to}`));
  const meaning = unique(
    reasons
      .filter((r) => r.kind === "close" || r.kind === "acronym" || r.kind === "nickname")
      .map((r) => `${r.from} ≈ ${r.to}`),
  );
  const parts = [
    words.length > 0 ? `Matched: ${list(words)}` : null,
    spelling.length > 0 ? `Spelling: ${list(spelling)}` : null,
    meaning.length > 0 ? `Similar meaning: ${list(meaning)}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length > 0) return parts.join(" · ");
  if (reasons.some((reason) => reason.kind === "semantic")) return "Similar meaning";
  return found.length > 0 ? LOOSE_MATCH : "";
}
