import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { TABLES_NO_VISITOR_PAGE_SHOWS } from "#db/migrations/0014_page_change_notices";
import { db } from "~/db.server";
import { listenForPageChanges } from "~/realtime/page-changes.server";

/**
 * The notices that empty every instance's cache of visitors' pages (host/page-cache.ts): sent by
 * the database itself when a write commits, so no model function can forget one.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe("page-change notices", () => {
  it("come from every table, except those whose rows no visitor page shows", async () => {
    const { rows } = await sql<{ table_name: string; noticed: boolean }>`
      select t.table_name, exists (
        select 1 from information_schema.triggers g
        where g.event_object_schema = t.table_schema and g.event_object_table = t.table_name
          and g.trigger_name = 'page_changes'
      ) as noticed
      from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    `.execute(db);
    const unclassified = rows
      .filter((row) => !row.noticed && !TABLES_NO_VISITOR_PAGE_SHOWS.includes(row.table_name))
      .map((row) => row.table_name);
    // A new table: add `addPageChangeTrigger` to its migration, or list it as one no visitor page shows.
    expect(unclassified).toEqual([]);
    expect(rows.filter((row) => row.noticed).map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["projects", "project_members", "project_roles", "users"]),
    );
  });

  it("arrive when a write commits, once per transaction, and never for a rollback", async () => {
    let notices = 0;
    const stop = await listenForPageChanges(() => notices++);
    // Statement triggers: a write that touches no row still says so, which errs on the safe side.
    const rename = (trx: typeof db) =>
      trx.updateTable("projects").set({ name: "Renamed" }).where("id", "=", crypto.randomUUID()).execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await rename(trx);
        throw new Error("roll back");
      })
      .catch(() => {});
    await settle();
    expect(notices).toBe(0);

    await db.transaction().execute(async (trx) => {
      await rename(trx);
      await rename(trx);
    });
    await settle();
    expect(notices).toBe(1);

    // Sessions change on every sign-in and no visitor page shows them.
    await db.deleteFrom("sessions").where("id", "=", "none").execute();
    await settle();
    expect(notices).toBe(1);
    await stop();
  });
});
