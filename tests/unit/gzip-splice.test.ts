import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compressParts, spliceGzip } from "../../host/gzip-splice";

/** Kept pages' gzip answers, spliced around each answer's nonce (host/page-cache.ts). */
describe("gzip spliced from parts compressed once", () => {
  it("decodes to the parts with the value between them, whatever the parts and the value", async () => {
    const text = fc
      .string({ unit: "grapheme", maxLength: 3_000 })
      .map((value) => Buffer.from(value.replace(/\0/g, "")));
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 40 }),
        async (parts, length) => {
          const spliced = (await compressParts(parts, length))!;
          for (let answer = 0; answer < 2; answer++) {
            const value = Buffer.from(randomBytes(length).toString("hex").slice(0, length));
            const expected = Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [value, part])));
            expect(zlib.gunzipSync(spliceGzip(spliced, value)).equals(expected)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refers back across the value (a page repeats itself) and stays near a whole-page gzip", async () => {
    const page = Buffer.from(`<p class="card">${"Food bank volunteers ".repeat(20)}</p>`.repeat(200));
    const value = Buffer.from(randomBytes(16).toString("base64"));
    const parts = [page.subarray(0, 40_000), page.subarray(40_000, 40_500), page.subarray(40_500)];
    const spliced = spliceGzip((await compressParts(parts, value.length))!, value);
    const whole = zlib.gzipSync(Buffer.concat([parts[0]!, value, parts[1]!, value, parts[2]!]));
    expect(spliced.length).toBeLessThan(whole.length * 1.1);
  });

  it("is not used for a part holding NUL (the stand-in for a value in what parts refer back to)", async () => {
    expect(await compressParts([Buffer.from("a\0b"), Buffer.from("c")], 4)).toBeNull();
  });
});
