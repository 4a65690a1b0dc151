/**
 * How forum text and times are shown (spec section 9, Forum): pure functions, so the server and
 * the browser agree and unit tests can pin them down.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Just now', 'Nm', 'Nh', 'Nd', then the date (in UTC, so server and browser agree) after 30 days. */
export function forumTimeLabel(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const age = Math.max(0, now.getTime() - then.getTime());
  if (age < MINUTE) return "Just now";
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  if (age <= 30 * DAY) return `${Math.floor(age / DAY)}d`;
  return then.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

export type TextPart = { type: "text"; text: string } | { type: "link"; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that usually ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits content into plain text and http(s) links. Only http and https addresses become links,
 * so nothing a writer types can become a script address; everything else stays text.
 */
export function splitLinks(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    let href = match[0];
    const trailing = href.match(TRAILING)?.[0] ?? "";
    // Keep a closing bracket that belongs to the address, as in a Wikipedia link.
    const keep = trailing.startsWith(")") && href.includes("(") ? 1 : 0;
    href = href.slice(0, href.length - trailing.length + keep);
    const start = match.index;
    if (start > last) parts.push({ type: "text", text: content.slice(last, start) });
    parts.push({ type: "link", text: href, href });
    last = start + href.length;
  }
  if (last < content.length) parts.push({ type: "text", text: content.slice(last) });
  return parts;
}
