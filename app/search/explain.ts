import type { FusedHit } from "./fusion";

/** At most this many words per kind of reason, so a card's line stays short. */
const MAX_WORDS = 3;

const list = (items: string[]) =>
  items.length > MAX_WORDS
    ? `${items.slice(0, MAX_WORDS).join(", ")} and ${items.length - MAX_WORDS} more`
    : items.join(", ");

/**
 * Why a search result matched, in a short line for its card, from the legs that found it:
 * 'Matched: animal, shelter', 'Spelling: dashbord → dashboard', 'Similar meaning: renters ≈ tenants'
 * (a word close in meaning found it), or 'Similar meaning' (only the meaning vectors did).
 */
export function explainMatch(matchedBy: FusedHit["matchedBy"]): string {
  const reasons = matchedBy.fullText ?? [];
  const spelling = reasons.filter((reason) => reason.includes(" → "));
  const meaning = reasons.filter((reason) => reason.includes(" ≈ "));
  const words = reasons.filter((reason) => !spelling.includes(reason) && !meaning.includes(reason));
  const parts = [
    words.length > 0 ? `Matched: ${list(words)}` : null,
    spelling.length > 0 ? `Spelling: ${list(spelling)}` : null,
    meaning.length > 0 ? `Similar meaning: ${list(meaning)}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return matchedBy.semantic ? "Similar meaning" : "";
  return parts.join(" · ");
}
