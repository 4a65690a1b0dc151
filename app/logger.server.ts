import { pino, stdSerializers } from "pino";
import { config } from "./config.server";
import { singleton } from "./utils/singleton.server";

/**
 * Errors as pino writes them, less what a log has no use for: node-postgres hangs its whole
 * client (connection settings, buffers, queue: kilobytes a line) on errors raised while a
 * connection is checked out, and a database outage logs one such error per request.
 */
export function serializeError(error: Error): Record<string, unknown> {
  const { client: _client, ...kept } = stdSerializers.err(error) as Record<string, unknown>;
  return kept;
}

export const logger = singleton("logger", () =>
  pino({ level: config.LOG_LEVEL, serializers: { err: serializeError } }),
);
