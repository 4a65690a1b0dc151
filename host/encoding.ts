import type express from "express";

export type Encoding = "br" | "gzip" | "identity";

/**
 * The smallest of `available` that the request accepts: brotli, then gzip, then none. Browsers
 * list gzip first in Accept-Encoding, and Express's negotiation keeps the client's order on ties.
 */
export function preferredEncoding(req: express.Request, available: readonly Encoding[]): Encoding {
  for (const encoding of ["br", "gzip"] as const) {
    if (available.includes(encoding) && req.acceptsEncodings(encoding) === encoding) return encoding;
  }
  return "identity";
}
