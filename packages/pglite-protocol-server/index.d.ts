import type { Server } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

/** See embedded-protocol-queue.js (plain JavaScript: the embedded database's worker loads it untranspiled). */
export function serveProtocol(pglite: PGlite, options?: { host?: string; port?: number }): Promise<Server>;
