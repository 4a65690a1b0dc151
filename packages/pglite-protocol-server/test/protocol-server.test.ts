import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { serveProtocol } from "../../db/embedded-protocol-queue.js";

/** The embedded database's wire-protocol server (db/embedded-protocol-queue.js), on its own PGlite. */

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const heapAfterGc = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

let pglite: PGlite;
let server: Awaited<ReturnType<typeof serveProtocol>>;
let client: pg.Client;

beforeAll(async () => {
  pglite = await PGlite.create();
  server = await serveProtocol(pglite);
  client = new pg.Client({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, user: "postgres" });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  server.close();
  await pglite.close();
});

it("keeps nothing of the replies it has served", async () => {
  const statements = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const { rows } = await client.query("select g, repeat('x', 100) as padding from generate_series(1, 200) g");
      expect(rows).toHaveLength(200);
    }
  };
  await statements(100);
  const before = heapAfterGc();
  await statements(1_000);
  // 200,000 rows served: kept, they would be tens of megabytes (PGlite's raw stream kept them all).
  expect((heapAfterGc() - before) / 1e6).toBeLessThan(5);
}, 60_000);
