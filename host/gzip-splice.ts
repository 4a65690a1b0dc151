import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A gzip body put together per answer from parts compressed once and, between them, a short
 * value of that answer's own (a CSP nonce) stored uncompressed, so a kept page costs a copy and a
 * CRC per answer instead of a compression.
 *
 * Deflate allows it: each part is compressed on its own and ends on a byte boundary (a sync flush),
 * its back-references stay inside it, and a stored block may follow any block. Brotli carries
 * state from one block to the next, so it has no such seams.
 */
const deflateRaw = promisify(zlib.deflateRaw);

export interface SplicedGzip {
  /** Each part as raw deflate blocks, none of them final, ending byte-aligned. */
  compressed: Buffer[];
  /** The parts as they are, for the checksum. */
  parts: Buffer[];
}

/** Whether this Node computes CRC-32 natively (20.15 and later); without it, answers are compressed whole. */
export const canSplice = typeof zlib.crc32 === "function";

/**
 * Compresses the parts of a page whose values between them are all `valueLength` bytes long. Each
 * part may refer back to the parts before it (deflate's preset dictionary), with every value in
 * them as NUL bytes, which a page never holds: no reference reaches into a value, and each
 * distance stays right whatever value an answer puts there. Null when a part holds NULs after all.
 */
export async function compressParts(parts: Buffer[], valueLength: number): Promise<SplicedGzip | null> {
  if (!canSplice || parts.some((part) => part.includes(0))) return null;
  const gap = Buffer.alloc(valueLength);
  const compressed = await Promise.all(
    parts.map((part, index) => {
      const before = Buffer.concat(parts.slice(0, index).flatMap((earlier) => [earlier, gap]));
      return deflateRaw(part, {
        level: 9,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        ...(before.length > 0 ? { dictionary: before.subarray(-WINDOW) } : {}),
      });
    }),
  );
  return { compressed, parts };
}

/** Deflate's window: the farthest a reference reaches back. */
const WINDOW = 32 * 1024;

// 10-byte header: magic, deflate, no flags, no time, no extra flags, unknown OS.
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// An empty final fixed-Huffman block: BFINAL=1, BTYPE=01, end-of-block code.
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** The gzip member of the parts with `value` (as long as `compressParts` was told) between each two. */
export function spliceGzip({ compressed, parts }: SplicedGzip, value: Buffer): Buffer {
  const stored = Buffer.alloc(5 + value.length);
  // BFINAL=0, BTYPE=00 (stored), then LEN and its one's complement, little-endian.
  stored.writeUInt8(0, 0);
  stored.writeUInt16LE(value.length, 1);
  stored.writeUInt16LE(~value.length & 0xffff, 3);
  value.copy(stored, 5);

  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(stored);
      if (value.length > 0) crc = zlib.crc32(value, crc);
      size += value.length;
    }
    pieces.push(compressed[index]!);
    // An empty part adds nothing to the checksum (and zlib.crc32 was seen to lose the running value for one).
    if (part.length > 0) crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(LAST_BLOCK, trailer);
  return Buffer.concat(pieces);
}
