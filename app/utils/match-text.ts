import type { MatchReason } from "~/search/reasons";

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

/**
 * Why a search result matched, in the short line its card shows (the catalogue, /search-result,
 * the signed-in home): 'Matched: animal shelter', 'Spelling: dashbord → dashboard', 'Similar
 * meaning: renters ≈ tenant', or 'Similar meaning' when only the meaning vectors found it.
 */
export function describeMatch(reasons: MatchReason[]): string {
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
  return reasons.some((reason) => reason.kind === "semantic") ? "Similar meaning" : "";
}
