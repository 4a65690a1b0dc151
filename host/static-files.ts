import fs from "node:fs";
import path from "node:path";
import type express from "express";
import { preferredEncoding } from "./encoding";

/**
 * The build's static files, listed once at start: a page request is answered without probing the
 * disk for a file of its name, and a file is sent as its precompressed `.br` or `.gz` sibling
 * (scripts/precompress.ts, run by `npm run build`) when the browser takes it, never compressed per
 * request. Fingerprinted files under /assets/ are cached for a year, the rest for an hour.
 * Kept rather than express-static-gzip, whose serve-static fallback stats the disk for every page.
 */
const COMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

interface StaticFile {
  absolutePath: string;
  encodings: (typeof COMPRESSED)[number][];
}

function listFiles(root: string, folder = ""): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}

export function staticFiles(root: string): express.RequestHandler {
  const files = new Map<string, StaticFile>();
  const all = new Set(listFiles(root));
  for (const relative of all) {
    if (COMPRESSED.some(({ suffix }) => relative.endsWith(suffix))) continue;
    files.set(`/${relative}`, {
      absolutePath: path.resolve(root, relative),
      encodings: COMPRESSED.filter(({ suffix }) => all.has(relative + suffix)),
    });
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = files.get(pathname);
    if (!file) return next();
    const accepted = preferredEncoding(
      req,
      file.encodings.map(({ encoding }) => encoding),
    );
    const variant = file.encodings.find(({ encoding }) => encoding === accepted);
    if (file.encodings.length) res.vary("Accept-Encoding");
    if (variant) res.setHeader("Content-Encoding", variant.encoding);
    // Typed by the original name: `send` would otherwise type a `.br` file as a download.
    res.type(path.extname(file.absolutePath));
    const immutable = pathname.startsWith("/assets/");
    res.sendFile(
      variant ? file.absolutePath + variant.suffix : file.absolutePath,
      {
        maxAge: immutable ? "1y" : "1h",
        immutable,
      },
      (error) => {
        // A client that went away mid-file (ECONNABORTED) is nothing to report.
        if (error && (error as NodeJS.ErrnoException).code !== "ECONNABORTED") next(error);
      },
    );
  };
}
