/**
 * How forum text is shown: pure functions, so the server and the browser agree and unit tests can
 * pin them down. Times are utils/dates.ts.
 */

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
