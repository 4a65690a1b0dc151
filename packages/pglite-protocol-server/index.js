// @ts-check
import { Buffer } from "node:buffer";
import console from "node:console";
import crypto from "node:crypto";
import net from "node:net";

/**
 * Serves one PGlite instance over the PostgreSQL wire protocol to any number of connections: see
 * README.md for what it guarantees and why it is not @electric-sql/pglite-socket.
 */

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** Resolves once the socket has room again, or is gone. @param {net.Socket} socket */
function drained(socket) {
  if (socket.destroyed || !socket.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve(undefined);
    };
    socket.on("drain", done);
    socket.on("close", done);
  });
}

/** @param {string} type @param {Buffer} body */
function message(type, body = Buffer.alloc(0)) {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
/** @param {string[]} strings */
function cstrings(...strings) {
  return Buffer.concat(strings.map((text) => Buffer.from(`${text}\0`, "utf8")));
}
/** @param {string} sql */
function simpleQuery(sql) {
  return message("Q", cstrings(sql));
}
function readyForQuery(status = "I") {
  return message("Z", Buffer.from(status, "latin1"));
}

/** An identifier as PostgreSQL reads it (unquoted ones fold to lower case). */
function identifier(/** @type {string} */ text) {
  return text.startsWith('"') ? text.slice(1, -1).replaceAll('""', '"') : text.toLowerCase();
}
/** Messages a connection may have waiting for the session before its socket stops being read. */
const MAX_WAITING_MESSAGES = 256;
/** A listener that reads no notifications is cut off once this much waits in its socket. */
const MAX_UNREAD_NOTIFICATIONS = 8 * 1024 * 1024;

const LISTEN = /^\s*(un)?listen\s+("(?:[^"]|"")+"|[\w$]+|\*)\s*;?\s*$/i;

/**
 * @param {import("@electric-sql/pglite").PGlite} pglite
 * @param {import("./index.d.ts").ServeProtocolOptions} [options] with a password, every connection
 *   must send it (cleartext on loopback; any local process could connect otherwise)
 * @returns {Promise<net.Server>}
 */
export async function serveProtocol(
  pglite,
  { host = "127.0.0.1", port = 0, password, genericPlansForNamed = false } = {},
) {
  const show = async (/** @type {string} */ name) =>
    /** @type {{ rows: Array<Record<string, string>> }} */ (await pglite.query(`show ${name}`)).rows[0][name];
  const serverVersion = await show("server_version");
  const timeZone = await show("timezone");
  const defaultSearchPath = await show("search_path");

  /** @type {Connection | null} */
  let owner = null;
  /** @type {Array<{ connection: Connection, resolve: () => void }>} */
  const waiting = [];
  let sessionSearchPath = defaultSearchPath;
  /** @type {Set<Connection>} */
  const connections = new Set();
  let nextId = 1;
  /** Named statements the one session holds, by their session name (see namedStatement). */
  const sessionStatements = new Set();
  /** The session's plan_cache_mode as last set (genericPlansForNamed); null when a rollback may have undone it. */
  let sessionPlans = /** @type {"generic" | "auto" | null} */ ("auto");

  /**
   * Runs raw protocol bytes; resolves with PGlite's reply. Not execProtocolRawStream: PGlite 0.4
   * keeps every reply message it parses in a list that only execProtocol empties, so under load
   * the worker's heap grew by about 3.5 MB a second (`npm run soak`). execProtocol empties it on
   * each call and hands back the raw reply too; errors are the client's to read, not thrown.
   */
  async function run(/** @type {Uint8Array} */ bytes) {
    const { data } = await pglite.execProtocol(bytes, { throwOnError: false });
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  async function acquire(/** @type {Connection} */ connection) {
    if (owner === connection) return;
    if (owner === null) owner = connection;
    else await new Promise((resolve) => waiting.push({ connection, resolve: () => resolve(undefined) }));
    if (connection.searchPath !== sessionSearchPath) {
      await run(simpleQuery(`set search_path to ${connection.searchPath}`));
      sessionSearchPath = connection.searchPath;
    }
  }

  /**
   * A statement named by its client is one it means to run again: its plan is made once, for any
   * values (pg prepares a name once per connection; PostgreSQL would plan each run anew for its
   * first five and then mostly still, since planning looks free to it). An unnamed one is planned
   * for its values, as always.
   */
  async function choosePlans(/** @type {"generic" | "auto" | null} */ wanted) {
    if (!genericPlansForNamed || wanted === null || wanted === sessionPlans) return;
    const mode = wanted === "generic" ? "force_generic_plan" : "auto";
    const { status } = route(await run(simpleQuery(`set plan_cache_mode to ${mode}`)));
    // Refused inside a failed transaction: asked again by the next batch.
    sessionPlans = status === "E" ? null : wanted;
  }
  function release() {
    const next = waiting.shift();
    owner = next ? next.connection : null;
    next?.resolve();
  }

  /** Splits PGlite's reply: notifications go to their listeners, the rest to the caller. */
  function route(/** @type {Buffer} */ reply) {
    /** @type {Buffer[]} */
    const kept = [];
    let status = null;
    let offset = 0;
    while (offset + 5 <= reply.length) {
      const type = String.fromCharCode(reply[offset]);
      const end = offset + 1 + reply.readInt32BE(offset + 1);
      const whole = reply.subarray(offset, end);
      if (type === "A") {
        const body = whole.subarray(9);
        const channel = body.subarray(0, body.indexOf(0)).toString("utf8");
        for (const other of connections) {
          if (!other.channels.has(channel)) continue;
          other.socket.write(whole);
          if (other.socket.writableLength > MAX_UNREAD_NOTIFICATIONS) other.socket.destroy();
        }
      } else {
        if (type === "Z") status = String.fromCharCode(whole[5]);
        kept.push(whole);
      }
      offset = end;
    }
    return { reply: Buffer.concat(kept), status };
  }

  /**
   * @typedef {{ id: number, socket: net.Socket, searchPath: string, channels: Set<string>,
   *   buffer: Buffer, started: boolean, authenticated: boolean, parameters: Record<string, string>,
   *   batch: Buffer[], work: Promise<void>, waitingMessages: number, closed: boolean,
   *   statements: Map<string, string>, opening: { name: string, length: number } | undefined,
   *   binds: { named: boolean, unnamed: boolean }, inTransaction: boolean }} Connection
   */

  /**
   * Runs a batch in the connection's turn. A reply the client does not read holds back the
   * connection's next batch (not the session, once idle) until its socket drains.
   */
  async function runBatch(
    /** @type {Connection} */ connection,
    /** @type {Buffer} */ bytes,
    /** @type {{ name: string, length: number } | undefined} */ opening = undefined,
    /** @type {"generic" | "auto" | null} */ plans = null,
  ) {
    await acquire(connection);
    let flushed = true;
    try {
      await choosePlans(plans);
      // A statement the session already holds answers the batch's opening Parse without it.
      const parsedAlready = opening !== undefined && sessionStatements.has(opening.name);
      const routed = route(await run(parsedAlready ? bytes.subarray(opening.length) : bytes));
      const { status } = routed;
      let { reply } = routed;
      if (parsedAlready) reply = Buffer.concat([message("1"), reply]);
      else if (opening && reply[0] === "1".charCodeAt(0)) sessionStatements.add(opening.name);
      if (!connection.closed) flushed = connection.socket.write(reply);
      // A setting made inside a transaction that then rolled back is undone: set it again next time.
      // A batch without Sync (a Flush) reports no status and leaves the transaction as it was.
      if (status !== null) {
        if (status !== "T" && connection.inTransaction) sessionPlans = null;
        connection.inTransaction = status === "T" || status === "E";
      }
      if (status === "I") release();
    } catch (error) {
      release();
      throw error;
    }
    if (!flushed) await drained(connection.socket);
  }

  /** LISTEN and UNLISTEN are kept per connection; the one session listens on every channel anyone does. */
  async function listenCommand(/** @type {Connection} */ connection, /** @type {string} */ sql) {
    const match = LISTEN.exec(sql);
    if (!match) return false;
    const channel = identifier(match[2]);
    if (match[1]) {
      if (channel === "*") connection.channels.clear();
      else connection.channels.delete(channel);
      connection.socket.write(
        Buffer.concat([message("C", cstrings("UNLISTEN")), readyForQuery(owner === connection ? "T" : "I")]),
      );
      return true;
    }
    connection.channels.add(channel);
    await runBatch(connection, simpleQuery(sql));
    return true;
  }

  function startup(/** @type {Connection} */ connection, /** @type {Buffer} */ packet) {
    const code = packet.readInt32BE(4);
    if (code === SSL_REQUEST || code === GSS_REQUEST) {
      connection.socket.write("N");
      return;
    }
    if (code !== PROTOCOL_3) {
      connection.socket.destroy();
      return;
    }
    const parts = packet.subarray(8).toString("utf8").split("\0");
    /** @type {Record<string, string>} */
    const parameters = {};
    for (let index = 0; index + 1 < parts.length && parts[index]; index += 2)
      parameters[parts[index]] = parts[index + 1];
    const searchPath = /(?:^|\s)-c\s*search_path=(\S+)/.exec(parameters.options ?? "");
    if (searchPath) connection.searchPath = searchPath[1];
    connection.started = true;
    connection.parameters = parameters;
    if (password === undefined) return accept(connection);
    // AuthenticationCleartextPassword: the client answers with a PasswordMessage ('p').
    connection.socket.write(message("R", Buffer.from([0, 0, 0, 3])));
  }

  /** Checks a PasswordMessage; a wrong one ends the connection as PostgreSQL does. */
  function authenticate(/** @type {Connection} */ connection, /** @type {Buffer} */ whole) {
    const sent = whole.subarray(5, whole.indexOf(0, 5) === -1 ? whole.length : whole.indexOf(0, 5));
    const expected = Buffer.from(password ?? "", "utf8");
    const matches =
      String.fromCharCode(whole[0]) === "p" &&
      sent.length === expected.length &&
      crypto.timingSafeEqual(sent, expected);
    if (matches) {
      accept(connection);
      return true;
    }
    const user = connection.parameters.user ?? "";
    const fields = cstrings("SFATAL", "VFATAL", "C28P01", `Mpassword authentication failed for user "${user}"`);
    connection.socket.end(message("E", Buffer.concat([fields, Buffer.from([0])])));
    return false;
  }

  function accept(/** @type {Connection} */ connection) {
    connection.authenticated = true;
    const { parameters } = connection;
    const status = (/** @type {string} */ name, /** @type {string} */ value) => message("S", cstrings(name, value));
    const key = Buffer.alloc(8);
    key.writeInt32BE(connection.id, 0);
    connection.socket.write(
      Buffer.concat([
        message("R", Buffer.from([0, 0, 0, 0])),
        status("server_version", serverVersion),
        status("server_encoding", "UTF8"),
        status("client_encoding", "UTF8"),
        status("DateStyle", "ISO, MDY"),
        status("integer_datetimes", "on"),
        status("standard_conforming_strings", "on"),
        status("TimeZone", timeZone),
        status("application_name", parameters.application_name ?? ""),
        message("K", key),
        readyForQuery("I"),
      ]),
    );
  }

  /**
   * Named statements live in the one session, which every connection shares: a connection's name
   * becomes a session name made of its search_path and text, so connections that prepare the
   * same statement share it and its kept plan, and two that use one name differently never meet.
   * Only a Parse that opens its batch (as pg sends it) is shared: runBatch answers it without
   * running when the session holds the statement already. Any other gets a name of its own.
   */
  function namedStatement(/** @type {Connection} */ connection, /** @type {Buffer} */ whole) {
    const type = String.fromCharCode(whole[0]);
    const body = whole.subarray(5);
    if (type === "P") {
      const nameEnd = body.indexOf(0);
      if (nameEnd <= 0) return whole;
      const rest = body.subarray(nameEnd + 1);
      const text = rest.subarray(0, rest.indexOf(0)).toString("utf8");
      const digest = crypto.createHash("sha1").update(`${connection.searchPath}\0${text}`).digest("hex");
      const opens = connection.batch.length === 0;
      const shared = opens ? `s${digest.slice(0, 32)}` : `s${digest.slice(0, 32)}_${connection.id}`;
      connection.statements.set(body.subarray(0, nameEnd).toString("utf8"), shared);
      const parse = message("P", Buffer.concat([cstrings(shared), rest]));
      if (opens) connection.opening = { name: shared, length: parse.length };
      return parse;
    }
    const rename = (/** @type {number} */ at) => {
      const end = body.indexOf(0, at);
      const shared = connection.statements.get(body.subarray(at, end).toString("utf8"));
      if (!shared) return whole;
      return message(type, Buffer.concat([body.subarray(0, at), cstrings(shared), body.subarray(end + 1)]));
    };
    // Bind names its statement after the portal; Describe and Close after an 'S'.
    if (type === "B") {
      const at = body.indexOf(0) + 1;
      if (body[at] === 0) connection.binds.unnamed = true;
      else connection.binds.named = true;
      return rename(at);
    }
    if ((type === "D" || type === "C") && body[0] === "S".charCodeAt(0)) {
      if (type === "C") sessionStatements.delete(connection.statements.get(body.subarray(1, -1).toString("utf8")));
      return rename(1);
    }
    return whole;
  }

  /** DISCARD ALL and DEALLOCATE drop the session's named statements, whoever sends them. */
  const FORGETS_STATEMENTS = /^\s*(discard\s+(all|plans)|deallocate)\b/i;
  /** A client's own plan_cache_mode (or a reset of every setting) leaves the session's unknown. */
  const CHANGES_PLAN_MODE = /plan_cache_mode|\breset\s+all\b|\bdiscard\s+all\b/i;

  /** Handles one complete message from the client, in order. */
  async function receive(/** @type {Connection} */ connection, /** @type {Buffer} */ received) {
    const type = String.fromCharCode(received[0]);
    if (type === "X") {
      connection.socket.end();
      return;
    }
    if (type === "Q") {
      const sql = received.subarray(5, received.length - 1).toString("utf8");
      if (await listenCommand(connection, sql)) return;
      if (FORGETS_STATEMENTS.test(sql)) sessionStatements.clear();
      if (CHANGES_PLAN_MODE.test(sql)) sessionPlans = null;
    }
    connection.batch.push(namedStatement(connection, received));
    if (type === "S" || type === "Q" || type === "H" || type === "F" || type === "d" || type === "c" || type === "f") {
      const bytes = Buffer.concat(connection.batch);
      const { opening, binds } = connection;
      connection.batch = [];
      connection.opening = undefined;
      connection.binds = { named: false, unnamed: false };
      await runBatch(connection, bytes, opening, binds.unnamed ? "auto" : binds.named ? "generic" : null);
    }
  }

  function onData(/** @type {Connection} */ connection, /** @type {Buffer} */ data) {
    connection.buffer = Buffer.concat([connection.buffer, data]);
    for (;;) {
      const { buffer } = connection;
      if (!connection.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const packet = buffer.subarray(0, length);
        connection.buffer = buffer.subarray(length);
        if (packet.readInt32BE(4) === CANCEL_REQUEST) {
          connection.socket.destroy();
          return;
        }
        startup(connection, packet);
        continue;
      }
      if (buffer.length < 5) return;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      const whole = Buffer.from(buffer.subarray(0, length));
      connection.buffer = buffer.subarray(length);
      if (!connection.authenticated) {
        if (authenticate(connection, whole)) continue;
        connection.buffer = Buffer.alloc(0);
        return;
      }
      queue(connection, whole);
    }
  }

  /** Chains a message after the connection's earlier ones; stops reading a connection far behind. */
  function queue(/** @type {Connection} */ connection, /** @type {Buffer} */ whole) {
    connection.waitingMessages += 1;
    if (connection.waitingMessages >= MAX_WAITING_MESSAGES) connection.socket.pause();
    connection.work = connection.work
      .then(() => receive(connection, whole))
      .finally(() => {
        connection.waitingMessages -= 1;
        if (connection.waitingMessages === MAX_WAITING_MESSAGES / 2) connection.socket.resume();
      });
  }

  async function onClose(/** @type {Connection} */ connection) {
    connection.closed = true;
    connections.delete(connection);
    await connection.work.catch(() => {});
    if (owner === connection) {
      // The connection left inside a transaction (or a batch without Sync): undo it.
      await run(Buffer.concat([message("S"), simpleQuery("rollback")])).catch(() => {});
      if (connection.inTransaction) sessionPlans = null;
      release();
    }
  }

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    /** @type {Connection} */
    const connection = {
      id: nextId++,
      socket,
      searchPath: defaultSearchPath,
      channels: new Set(),
      buffer: Buffer.alloc(0),
      started: false,
      authenticated: false,
      parameters: {},
      batch: [],
      work: Promise.resolve(),
      waitingMessages: 0,
      closed: false,
      statements: new Map(),
      opening: undefined,
      binds: { named: false, unnamed: false },
      inTransaction: false,
    };
    connections.add(connection);
    connection.work = connection.work.catch(() => {});
    socket.on("data", (data) => {
      onData(connection, data);
      connection.work = connection.work.catch((error) => {
        console.error("embedded database: protocol error", error);
        socket.destroy();
      });
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => void onClose(connection));
  });
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  return server;
}
