import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { createEventBus } from "~/realtime/bus.server";
import { createNotificationHub, type HubMessage } from "~/realtime/hub.server";
import { bearerFor } from "../fixtures/api";
import { createUser } from "../fixtures/factories";

/**
 * Notices are never lost (PostgreSQL only: the embedded database is one session that cannot be
 * cut off). The bus's listening connection is ended by the server (pg_terminate_backend, as a
 * restart or a proxy would); a notification written while it was away reaches the socket, and
 * whoever keeps state from notices (the page cache) is told to drop it.
 */
const bus = createEventBus();
const hub = createNotificationHub({ bus });
const server = createServer((_req, res) => res.writeHead(404).end());
afterAll(async () => {
  await hub.close();
  await bus.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.skipIf(!config.DATABASE_URL)("the event bus after losing its connection", () => {
  it("listens again, and the hub and the page cache catch up on what it missed", async () => {
    await hub.attach(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    let pageDrops = 0;
    await bus.listen("page-changes", () => pageDrops++);
    bus.onReconnect(() => pageDrops++);
    const user = await createUser();
    const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/hubs/notifications`, {
      headers: { Authorization: await bearerFor(user) },
    });
    const messages: HubMessage[] = [];
    ws.on("message", (data) => messages.push(JSON.parse(String(data)) as HubMessage));
    await expect.poll(() => messages.length).toBeGreaterThan(0);

    // End the bus's connection and, before it can listen again, write a notification with no notice.
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid, 5000) as ended from pg_stat_activity
      where query ilike 'listen%' and query like ${`%"${config.DATABASE_SCHEMA}.%`}
    `.execute(db);
    expect(rows).toEqual([{ ended: true }]);
    await db
      .insertInto("notifications")
      .values({
        user_id: user.userId,
        event_name: "taskCreated",
        title: "Written while the bus was away",
        message: "Nobody was listening.",
        reason: "a test",
        link: "/work",
        data: "{}",
      })
      .execute();

    await expect
      .poll(() => messages.some((m) => m.type === "notification" && m.notification.title.includes("while the bus")), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(pageDrops).toBeGreaterThan(0);
    ws.terminate();
  }, 60_000);
});
