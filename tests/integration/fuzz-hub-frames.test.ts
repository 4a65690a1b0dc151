import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createEventBus } from "~/realtime/bus.server";
import { createNotificationHub } from "~/realtime/hub.server";
import { bearerFor } from "../fixtures/api";
import { createUser } from "../fixtures/factories";
import { fuzzRuns, fuzzSeed } from "../fixtures/fuzz-routes";
import { hostileString } from "../fixtures/hostile-input";

/**
 * Fuzzing the notification hub: sockets send generated frames (JSON of every shape, hostile text,
 * binary, oversized), then a real hello. Each frame is ignored or the socket is closed with a
 * policy code (1008 flood, 1009 too big); the hub never throws and keeps answering the hello.
 */
const SEED = fuzzSeed();
/** Sockets opened; each sends up to 12 frames, a few thousand frames in all. */
const RUNS = Math.ceil(fuzzRuns(6_000) / 15);

const bus = createEventBus();
const hub = createNotificationHub({ bus });
const server = createServer((_req, res) => res.writeHead(404).end());
await hub.attach(server);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/hubs/notifications`;
afterAll(async () => {
  await hub.close();
  await bus.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Frame = { text: string } | { binary: Uint8Array };
const frame: fc.Arbitrary<Frame> = fc.oneof(
  fc.jsonValue().map((value) => ({ text: JSON.stringify(value) ?? "null" })),
  fc.record({ type: fc.oneof(fc.constant("hello"), hostileString), afterSeq: fc.anything() }).map((value) => ({
    text: JSON.stringify(value) ?? "{}",
  })),
  hostileString.map((text) => ({ text })),
  fc.uint8Array({ maxLength: 64 }).map((binary) => ({ binary })),
  fc.string({ minLength: 4000, maxLength: 6000 }).map((text) => ({ text })),
);

function open(token: string): Promise<{ ws: WebSocket; replies: string[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Authorization: token } });
    const replies: string[] = [];
    const closed = new Promise<number>((done) => ws.once("close", done));
    ws.on("message", (data) => replies.push(String(data)));
    ws.once("open", () => resolve({ ws, replies, closed }));
    ws.once("error", reject);
  });
}

describe(`fuzzing the notification hub's frames (seed ${SEED})`, () => {
  it("ignores or closes with a policy code, never throws, and still answers a hello", async () => {
    const token = await bearerFor(await createUser());
    let frames = 0;
    const property = fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 12 }), async (sent) => {
      const { ws, replies, closed } = await open(token);
      for (const each of sent) {
        if (ws.readyState !== WebSocket.OPEN) break;
        ws.send("text" in each ? each.text : each.binary, { binary: "binary" in each });
        frames++;
      }
      const before = replies.length;
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "hello", afterSeq: 0 }));
      const outcome = await Promise.race([
        closed.then((code) => ({ code })),
        new Promise<{ answered: true } | null>((resolve) => {
          const check = setInterval(() => {
            if (replies.slice(before).some((reply) => reply.includes('"unread"'))) {
              clearInterval(check);
              resolve({ answered: true });
            }
          }, 5);
          setTimeout(() => (clearInterval(check), resolve(null)), 5_000);
        }),
      ]);
      ws.terminate();
      if (outcome && "code" in outcome) return outcome.code === 1008 || outcome.code === 1009;
      return outcome !== null;
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS });
    expect(frames).toBeGreaterThan(RUNS);
    // The hub still serves a well-behaved client after all of it.
    const after = await open(token);
    await expect.poll(() => after.replies.some((reply) => reply.includes('"unread"'))).toBe(true);
    after.ws.terminate();
  }, 300_000);
});
