import { describe, expect, it } from "vitest";
import { NEIGHBOUR_SETTINGS } from "~/search/expansion.server";
import {
  decodeWordNeighbours,
  encodeWordNeighbours,
  scanNeighbours,
  wordNeighbours,
} from "~/search/word-neighbours.server";
import { unitWordVectors, wordVectors } from "~/search/word-vectors.server";

describe("each word's nearest words, worked out ahead", () => {
  it("read back as written", () => {
    const settings = { minRank: 1, minCosine: 0.5, limit: 3 };
    const lists = [
      [],
      [{ row: 2, similarity: 0.75 }],
      [
        { row: 1, similarity: 0.75 },
        { row: 0, similarity: 0.5 },
      ],
    ];
    const decoded = decodeWordNeighbours(encodeWordNeighbours(settings, lists));
    expect([decoded.minRank, decoded.minCosine, decoded.limit]).toEqual([1, 0.5, 3]);
    expect([0, 1, 2].map((row) => decoded.of(row))).toEqual(lists);
    expect(decoded.of(3)).toEqual([]);
  });

  it("are the shipped file's, made with the expansion's settings from the shipped vectors", () => {
    const shipped = wordNeighbours();
    expect(shipped.minRank).toBe(NEIGHBOUR_SETTINGS.minRank);
    expect(shipped.minCosine).toBe(Math.fround(NEIGHBOUR_SETTINGS.minCosine));
    expect(shipped.limit).toBe(NEIGHBOUR_SETTINGS.limit);
    // Compared with a fresh scan for words across the frequency ranks (a scan is ~9 ms each).
    const { rows, dimensions } = wordVectors();
    const vectors = unitWordVectors();
    const sample = ["renters", "grandparents", "inventory", "tutoring", "shelter"].map((word) => rows.get(word)!);
    for (let row = NEIGHBOUR_SETTINGS.minRank; row < rows.size; row += 2_957) sample.push(row);
    for (const row of sample) {
      const scanned = scanNeighbours(vectors, dimensions, row, NEIGHBOUR_SETTINGS);
      const stored = shipped.of(row);
      expect(stored.map((neighbour) => neighbour.row)).toEqual(scanned.map((neighbour) => neighbour.row));
      stored.forEach((neighbour, index) => expect(neighbour.similarity).toBeCloseTo(scanned[index]!.similarity, 6));
    }
    expect(sample.some((row) => shipped.of(row).length > 0)).toBe(true);
    expect(shipped.of(NEIGHBOUR_SETTINGS.minRank - 1)).toEqual([]);
  });
});
