import type { Server } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

export interface ServeProtocolOptions {
  /** The address to listen on: 127.0.0.1 unless told. */
  host?: string;
  /** 0 (the default) takes a free port; `server.address()` tells which. */
  port?: number;
  /** With a password, every connection must send it (cleartext: loopback only). */
  password?: string;
  /**
   * A batch that binds only named statements runs with `plan_cache_mode = force_generic_plan` (a
   * name means the client runs it again: planned once, for any values); one that binds an unnamed
   * statement with `auto`. Off unless told.
   */
  genericPlansForNamed?: boolean;
}

/**
 * Serves `pglite` over the PostgreSQL wire protocol to any number of connections, taking turns
 * by transaction (README.md). Plain JavaScript: the embedded database's worker loads it untranspiled.
 */
export function serveProtocol(pglite: PGlite, options?: ServeProtocolOptions): Promise<Server>;
