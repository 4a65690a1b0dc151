import { z, type ZodEffects, type ZodString } from "zod";

/**
 * Characters that have no place in what people type: NUL (which PostgreSQL cannot store) and the
 * other C0 controls except tab and line breaks. Every text field of every shared schema is built
 * from `text()`, so such input is refused with a field error before it reaches the database.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// eslint-disable-next-line no-control-regex -- as above
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
export const CONTROL_CHARACTER_MESSAGE = "Remove the control characters from this text.";

/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make text
 * show in another order than it was written ("trojan source"), and nobody types them. Dropped.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Text that shows nothing: white space, zero-width and other default-ignorable characters, blank Braille. */
const ONLY_INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * What every text field does to what it is given, before any check: direction controls are
 * dropped, and text that shows nothing counts as empty (so "required" says so). Zero-width
 * characters inside visible text stay: they join emoji and shape scripts.
 */
export function cleanText(value: string): string {
  const text = value.replace(BIDI_CONTROLS, "");
  return ONLY_INVISIBLE.test(text) ? "" : text;
}

/**
 * A text field: cleaned (`cleanText`), then refused if it holds control characters, then whatever
 * `build` adds (`(s) => s.trim().min(1, message)`).
 */
export const text = (
  build: (schema: ZodString) => ZodString = (schema) => schema,
  params?: Parameters<typeof z.string>[0],
) =>
  z.preprocess(
    (value) => (typeof value === "string" ? cleanText(value) : value),
    build(z.string(params).regex(WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE)),
  ) as unknown as ZodEffects<ZodString, string, string>;

/** For free search terms, where dropping the odd control character beats refusing the search. */
export const withoutControlCharacters = (value: string) =>
  value.replace(CONTROL_CHARACTERS, "").replace(BIDI_CONTROLS, "");
