import type { Server } from "node:http";
import type { RequestHandler } from "express";

/**
 * Stopping without dropping the requests in flight: a restart behind a load balancer (SIGTERM)
 * used to close the database at once, and a request still running answered 500 ('driver has
 * already been destroyed'). The server stops taking connections, idle keep-alive sockets close,
 * each request in flight runs to its answer (at most `graceMs`), and only then are the app's
 * services stopped; a keep-alive socket whose request is done is closed after its answer.
 * Kept rather than http-terminator: Node's closeIdleConnections does its socket bookkeeping now.
 */
export function requestDrain(graceMs: number) {
  let inFlight = 0;
  let stopping = false;
  let wake: (() => void) | null = null;
  const settled = () => inFlight === 0 && wake?.();

  /** Counts each request until its answer is sent (or its socket closes). */
  const track: RequestHandler = (_req, res, next) => {
    inFlight++;
    // Sent with the answer, so the client opens a new connection (to another instance) next time.
    if (stopping) res.setHeader("Connection", "close");
    res.once("close", () => {
      inFlight--;
      settled();
    });
    next();
  };

  /** Stops taking connections and waits for the requests in flight (at most `graceMs`). */
  async function drain(server: Server): Promise<void> {
    stopping = true;
    server.close();
    server.closeIdleConnections();
    if (inFlight > 0) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, graceMs).unref();
      });
    }
    server.closeAllConnections();
  }

  return { track, drain };
}
