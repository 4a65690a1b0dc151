import net, { type AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { serveProtocol } from "../index.js";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const heapAfterGc = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

let pglite: PGlite;
let server: net.Server;
let port: number;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres" });
  client.on("error", () => {}); // the tests kill some on purpose
  await client.connect();
  clients.push(client);
  return client;
}

/** Whether a promise has settled by the next few turns of the event loop. */
async function settledSoon(promise: Promise<unknown>, ms = 150): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

beforeAll(async () => {
  pglite = await PGlite.create();
  server = await serveProtocol(pglite);
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end().catch(() => {})));
  await pglite.exec("drop table if exists events; drop sequence if exists served");
});

afterAll(async () => {
  server.close();
  await pglite.close();
});

it("never interleaves two clients' transactions", async () => {
  const [a, b] = [await connect(), await connect()];
  await a.query("create table events (id serial primary key, who text not null)");
  await a.query("begin");
  await a.query("insert into events (who) values ($1)", ["a1"]);
  // B's statement (extended protocol: Parse, Bind, Execute, Sync) waits for A's transaction.
  const bInsert = b.query("insert into events (who) values ($1) returning id", ["b"]);
  expect(await settledSoon(bInsert)).toBe(false);
  await a.query("insert into events (who) values ($1)", ["a2"]);
  await a.query("commit");
  await bInsert;
  const { rows } = await a.query<{ who: string }>("select who from events order by id");
  expect(rows.map((row) => row.who)).toEqual(["a1", "a2", "b"]);
});

it("rolls back the transaction of a client that dies inside it, and serves the others", async () => {
  const [a, b] = [await connect(), await connect()];
  await a.query("create table events (id serial primary key, who text not null)");
  await a.query("begin");
  await a.query("insert into events (who) values ('lost')");
  const waiting = b.query<{ count: number }>("select count(*)::int as count from events");
  expect(await settledSoon(waiting)).toBe(false);
  (a as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
  expect((await waiting).rows[0]!.count).toBe(0);
  const { rows } = await b.query<{ status: string }>("select count(*)::int as count from events");
  expect(rows).toEqual([{ count: 0 }]);
});

/** A startup message for `user`, as a client sends it first. */
function startupMessage(user: string): Buffer {
  const body = Buffer.from(`user\0${user}\0\0`, "utf8");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}
function simpleQuery(text: string): Buffer {
  const body = Buffer.from(`${text}\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("Q", 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

it("holds back a client that does not read its replies, not the others", async () => {
  const b = await connect();
  await b.query("create sequence served");
  const sent = 2_000;
  const reader = net.connect(port, "127.0.0.1");
  reader.pause(); // reads nothing: the server's replies pile up on its side
  await new Promise((resolve) => reader.once("connect", resolve));
  reader.write(startupMessage("postgres"));
  const query = simpleQuery("select nextval('served'), repeat('x', 65536)");
  for (let i = 0; i < sent; i++) reader.write(query);
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  // The others are served at once, and the silent client's queries stopped once its socket was full.
  const started = Date.now();
  const { rows } = await b.query<{ last_value: string }>("select last_value from served");
  expect(Date.now() - started).toBeLessThan(500);
  const ran = Number(rows[0]!.last_value);
  expect(ran).toBeGreaterThan(0);
  expect(ran).toBeLessThan(sent / 4);

  // Once it reads again, everything it sent runs.
  let received = 0;
  reader.on("data", (chunk: Buffer) => (received += chunk.length));
  reader.resume();
  for (let i = 0; i < 200 && Number((await b.query("select last_value from served")).rows[0].last_value) < sent; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(Number((await b.query("select last_value from served")).rows[0].last_value)).toBe(sent);
  expect(received).toBeGreaterThan(sent * 65536);
  reader.destroy();
});

it("keeps nothing of the replies it has served", async () => {
  const client = await connect();
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
});

it("shares a named statement among connections, apart by search_path, and forgets none it failed", async () => {
  await pglite.exec(`
    create schema if not exists left_side; create schema if not exists right_side;
    create table if not exists left_side.things (name text); create table if not exists right_side.things (name text);
    truncate left_side.things, right_side.things;
    insert into left_side.things values ('left'); insert into right_side.things values ('right')`);
  const inSchema = async (schema: string) => {
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", options: `-c search_path=${schema}` });
    await client.connect();
    clients.push(client);
    return client;
  };
  const [a, b, c] = [await inSchema("left_side"), await inSchema("left_side"), await inSchema("right_side")];
  const named = { name: "things", text: "select name from things where name <> $1", values: ["none"] };
  // Each client prepares it once; the second of a search_path finds it prepared by the first.
  for (const client of [a, b, a, b]) expect((await client.query(named)).rows).toEqual([{ name: "left" }]);
  expect((await c.query(named)).rows).toEqual([{ name: "right" }]);
  const held = await a.query("select count(*)::int as n from pg_prepared_statements where statement like '%things%'");
  expect(held.rows[0].n).toBe(2);
  // Two clients preparing a new statement at once: both are answered.
  const both = { name: "both", text: "select $1::int + 1 as n", values: [1] };
  const answers = await Promise.all([a.query(both), b.query(both)]);
  expect(answers.map((answer) => answer.rows[0].n)).toEqual([2, 2]);
  // A statement that failed to prepare is not taken for prepared.
  const broken = { name: "broken", text: "select nothing from nowhere_at_all", values: [] };
  await expect(a.query(broken)).rejects.toThrow(/nowhere_at_all/);
  await pglite.exec("create table left_side.nowhere_at_all (nothing text)");
  expect((await b.query(broken)).rows).toEqual([]);
  // DEALLOCATE ALL forgets them all: a client preparing again is served.
  await a.query("deallocate all");
  const again = await inSchema("left_side");
  expect((await again.query(named)).rows).toEqual([{ name: "left" }]);
  await pglite.exec("drop schema left_side cascade; drop schema right_side cascade");
});

it("with genericPlansForNamed, plans named statements once for any values and unnamed ones for theirs", async () => {
  const generic = await serveProtocol(pglite, { genericPlansForNamed: true });
  const client = new pg.Client({ host: "127.0.0.1", port: (generic.address() as AddressInfo).port, user: "postgres" });
  await client.connect();
  try {
    const mode = "select current_setting('plan_cache_mode') as mode, $1::int as n";
    const named = async () => (await client.query({ name: "mode", text: mode, values: [1] })).rows[0].mode;
    const unnamed = async () => (await client.query(mode, [1])).rows[0].mode;
    expect(await named()).toBe("force_generic_plan");
    expect(await unnamed()).toBe("auto");
    expect(await named()).toBe("force_generic_plan");
    // A rolled-back transaction undoes the setting made inside it: the next batch sets it again.
    await client.query("begin");
    expect(await named()).toBe("force_generic_plan");
    await client.query("rollback");
    expect(await named()).toBe("force_generic_plan");
    // So does a failed transaction, where the setting is refused.
    await client.query("begin");
    await expect(client.query("select nothing from nowhere_at_all")).rejects.toThrow(/nowhere_at_all/);
    await expect(named()).rejects.toThrow(/aborted/);
    await client.query("rollback");
    expect(await named()).toBe("force_generic_plan");
    expect(await unnamed()).toBe("auto");
  } finally {
    await client.end();
    generic.close();
  }
});
