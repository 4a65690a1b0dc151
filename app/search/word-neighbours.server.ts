import fs from "node:fs";
import path from "node:path";

/**
 * Each word's nearest words by word vector, worked out once (scripts/build-word-neighbours.ts)
 * instead of on every search: finding them means comparing the word with all 60,000 vectors,
 * milliseconds of the server's thread a word (PERFORMANCE.md, "Search"), and a natural request has
 * several words no one searched before.
 *
 * For every word from frequency rank `minRank` on, the words whose cosine with it is at least
 * `minCosine`, closest first, at most `limit`. File layout: "WNBR", then uint32 word count,
 * minRank and limit, float32 minCosine, then count + 1 uint32 offsets into the lists, then each
 * list's rows (uint16; the vectors hold fewer than 65,536 words) and cosines (float32).
 */
export interface NeighbourSettings {
  minRank: number;
  minCosine: number;
  limit: number;
}

export interface Neighbour {
  row: number;
  similarity: number;
}

export interface WordNeighbours extends NeighbourSettings {
  of(row: number): Neighbour[];
}

const MAGIC = "WNBR";
const HEADER = 20;

/**
 * The rows whose unit vector is at least `minCosine` close to `row`'s, closest first, at most
 * `limit` (the word itself left out).
 */
export function scanNeighbours(
  vectors: Float32Array,
  dimensions: number,
  row: number,
  { minCosine, limit }: Omit<NeighbourSettings, "minRank">,
): Neighbour[] {
  const query = vectors.subarray(row * dimensions, (row + 1) * dimensions);
  const found: Neighbour[] = [];
  for (let other = 0, offset = 0; offset < vectors.length; other++, offset += dimensions) {
    if (other === row) continue;
    let dot = 0;
    for (let i = 0; i < dimensions; i++) dot += vectors[offset + i] * query[i];
    if (dot >= minCosine) found.push({ row: other, similarity: dot });
  }
  return found.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
}

export function encodeWordNeighbours(settings: NeighbourSettings, lists: Neighbour[][]): Buffer {
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const header = Buffer.alloc(HEADER);
  header.write(MAGIC, 0, "ascii");
  header.writeUInt32LE(lists.length, 4);
  header.writeUInt32LE(settings.minRank, 8);
  header.writeUInt32LE(settings.limit, 12);
  header.writeFloatLE(settings.minCosine, 16);
  const offsets = new Uint32Array(lists.length + 1);
  const rows = new Uint16Array(total);
  const similarities = new Float32Array(total);
  let at = 0;
  lists.forEach((list, index) => {
    offsets[index] = at;
    for (const neighbour of list) {
      if (neighbour.row > 0xffff) throw new Error("Word rows must fit in 16 bits.");
      rows[at] = neighbour.row;
      similarities[at++] = neighbour.similarity;
    }
  });
  offsets[lists.length] = at;
  return Buffer.concat([
    header,
    Buffer.from(offsets.buffer),
    Buffer.from(similarities.buffer),
    Buffer.from(rows.buffer),
  ]);
}

export function decodeWordNeighbours(file: Buffer): WordNeighbours {
  if (file.toString("ascii", 0, 4) !== MAGIC) throw new Error("Not a word-neighbours file.");
  const count = file.readUInt32LE(4);
  const settings = { minRank: file.readUInt32LE(8), limit: file.readUInt32LE(12), minCosine: file.readFloatLE(16) };
  // Copied out so each typed array starts at an offset its element size divides.
  const bytes = new Uint8Array(file.subarray(HEADER)).buffer;
  const offsets = new Uint32Array(bytes, 0, count + 1);
  const total = offsets[count]!;
  const similarities = new Float32Array(bytes, (count + 1) * 4, total);
  const rows = new Uint16Array(bytes, (count + 1) * 4 + total * 4, total);
  return {
    ...settings,
    of(row) {
      if (row < 0 || row >= count) return [];
      const list: Neighbour[] = [];
      for (let at = offsets[row]!; at < offsets[row + 1]!; at++)
        list.push({ row: rows[at]!, similarity: similarities[at]! });
      return list;
    },
  };
}

const FILE = path.resolve("app/search/word-neighbours.bin");
let loaded: WordNeighbours | undefined;

/** Loaded on first use, then kept for the process. */
export function wordNeighbours(): WordNeighbours {
  return (loaded ??= decodeWordNeighbours(fs.readFileSync(FILE)));
}
