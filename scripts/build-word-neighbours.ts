/**
 * Builds app/search/word-neighbours.bin from app/search/word-vectors.bin: each word's nearest words
 * (app/search/word-neighbours.server.ts), compared with every other word once here instead of on
 * every search. Run it after rebuilding the word vectors or changing the expansion's settings
 * (`tests/unit/word-neighbours.test.ts` fails until then). One process a core: a few minutes.
 *
 *   npx tsx scripts/build-word-neighbours.ts
 */
import fs from "node:fs";
import { availableParallelism } from "node:os";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { NEIGHBOUR_SETTINGS } from "../app/search/expansion.server";
import { encodeWordNeighbours, type Neighbour, scanNeighbours } from "../app/search/word-neighbours.server";
import { unitWordVectors, wordVectors } from "../app/search/word-vectors.server";

const { dimensions, rows } = wordVectors();
const vectors = unitWordVectors();

const part = process.env.NEIGHBOURS_PART;
if (part === undefined) {
  const threads = Math.max(1, Math.min(availableParallelism(), 4));
  const started = Date.now();
  const parts = await Promise.all(
    Array.from({ length: threads }, (_, index) => {
      const child = fork(fileURLToPath(import.meta.url), {
        execArgv: ["--import", "tsx"],
        env: { ...process.env, NEIGHBOURS_PART: String(index), NEIGHBOURS_PARTS: String(threads) },
      });
      return new Promise<[number, Neighbour[]][]>((resolve, reject) => {
        child.on("message", (found) => resolve(found as [number, Neighbour[]][]));
        child.on("error", reject);
        child.on("exit", (code) => code !== 0 && reject(new Error(`part ${index} exited with ${code}`)));
      });
    }),
  );
  const lists: Neighbour[][] = Array.from({ length: rows.size }, () => []);
  for (const [row, list] of parts.flat()) lists[row] = list;
  const file = encodeWordNeighbours(NEIGHBOUR_SETTINGS, lists);
  fs.writeFileSync("app/search/word-neighbours.bin", file);
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  console.log(`${rows.size} words, ${total} neighbours, ${file.length} bytes in ${(Date.now() - started) / 1000} s`);
} else {
  const parts = Number(process.env.NEIGHBOURS_PARTS);
  const found: [number, Neighbour[]][] = [];
  for (let row = NEIGHBOUR_SETTINGS.minRank + Number(part); row < rows.size; row += parts) {
    found.push([row, scanNeighbours(vectors, dimensions, row, NEIGHBOUR_SETTINGS)]);
  }
  process.send!(found, () => process.exit(0));
}
