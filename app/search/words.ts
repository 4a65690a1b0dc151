/** Splitting search text into words, shared by every leg so they agree on what a word is. */

// Words that say nothing about what a project is; the semantic and typo legs skip them (full
// text has PostgreSQL's own list).
const STOP_WORDS = new Set(
  (
    "a about after all also an and any are as at be been but by can could do does for from get had has have " +
    "help helps he her his how i i'd i'm if in into is it its just like me more my need needs of on one or our " +
    "out so some something than that the their them there they this to up us use using want wants was way we " +
    "we're were what when where which who will with would you your app apps project projects build make"
  ).split(" "),
);

/** Whether a (lower-case) word says nothing about what a project is. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

// Words people use to ask ('looking for something', 'we would love') that name no topic either.
// Only for reasons shown to people: the search itself weighs these as it weighs any word.
const ASKING_WORDS = new Set(
  (
    "able am anything do doing done getting going good got great hello hi hoping i'm im just let lets " +
    "like liked likes look looking love lot lots made makes making may maybe might much must needed needing " +
    "new nothing please really should something stuff thanks thing things try trying used uses very wanted " +
    "wanting way ways wish"
  ).split(" "),
);

/** Whether a word carries no topic (want, help, need, like, use, make, way, looking, would…). */
export function isFillerWord(word: string): boolean {
  const lower = word.toLowerCase();
  return STOP_WORDS.has(lower) || ASKING_WORDS.has(lower);
}

/**
 * Whether a word is a contraction of a pronoun and a verb ("I'd", "we're", "you'll", "we've",
 * "I'm"): PostgreSQL's parser keeps only its ending ('d', 're'), which says nothing. A negation
 * ("don't") is not one of them.
 */
export function isContraction(word: string): boolean {
  return /'(d|re|ll|ve|m)$/.test(word);
}

/**
 * A query as the person meant it: a typographic apostrophe (’, as phones and word processors type
 * it) reads as the plain one, so "nonprofit’s" is 'nonprofit' and "we’re" a stop word, not stray
 * words 's' and 're'. Only queries: entries' words, and their stored vectors, stay as they are.
 */
export function typedQuery(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc]/gu, "'");
}

/**
 * Lower-case words of a text, technology spellings kept whole (c#, node.js, c++, .net: a dot
 * before a letter stays), in order.
 */
export function splitWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.']+/u)
    .map((word) =>
      word
        .replace(/^(?:\.{2,}|')+|[.']+$/gu, "")
        .replace(/^\.(?!\p{L})/u, "")
        .replace(/'s$/, ""),
    )
    .filter(Boolean);
}

/** The words of a query that carry meaning: no stop words, each once, at most 32. */
export function contentWords(text: string): string[] {
  return [...new Set(splitWords(text).filter((word) => !STOP_WORDS.has(word)))].slice(0, 32);
}

/** Pairs of meaningful words next to each other in a query ('food bank', 'machine learning'), each once. */
export function adjacentPairs(text: string): string[] {
  const words = splitWords(text);
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const [first, second] = [words[i]!, words[i + 1]!];
    if (!STOP_WORDS.has(first) && !STOP_WORDS.has(second) && first !== second) pairs.add(`${first} ${second}`);
  }
  return [...pairs].slice(0, 16);
}
