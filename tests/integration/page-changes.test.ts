import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { TABLES_NO_VISITOR_PAGE_SHOWS, TABLES_VISITORS_SEE_IN_PART } from "#db/page-change-tables";
import { db } from "~/db.server";
import { listen } from "~/realtime/bus.server";
import { listenForPageChanges } from "~/realtime/page-changes.server";
import { createProject, createUser } from "../fixtures/factories";

/**
 * The notices that empty every instance's kept visitors' pages (host/page-cache.ts): sent by the
 * database itself when a write commits, so no model function can forget one.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe("page-change notices", () => {
  it("come from every table visitors' pages show, and from no other", async () => {
    const { rows } = await sql<{ table_name: string; triggers: string[] }>`
      select t.table_name, array(
        select g.trigger_name::text from information_schema.triggers g
        where g.event_object_schema = t.table_schema and g.event_object_table = t.table_name
          and g.trigger_name in ('page_changes', 'personal_page_changes')
        group by g.trigger_name order by g.trigger_name
      ) as triggers
      from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    `.execute(db);
    const withTrigger = (name: string) =>
      rows.filter((row) => row.triggers.includes(name)).map((row) => row.table_name);
    const listed = [...TABLES_NO_VISITOR_PAGE_SHOWS, ...TABLES_VISITORS_SEE_IN_PART];
    const unclassified = rows
      .filter((row) => row.triggers.length === 0)
      .map((row) => row.table_name)
      .filter((table) => !listed.includes(table));
    // A new table: classify it in db/page-change-tables.ts and give it its trigger in its migration.
    expect(unclassified).toEqual([]);
    expect(withTrigger("page_changes")).toEqual(
      expect.arrayContaining(["projects", "project_members", "project_roles", "users", "task_reviews"]),
    );
    expect(withTrigger("page_changes").filter((table) => listed.includes(table))).toEqual([]);
    // Signed-in pages are never kept: nothing is left of the channel that dropped them (0021).
    expect(withTrigger("personal_page_changes")).toEqual([]);
    const { rows: functions } = await sql<{ proname: string }>`
      select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema() and p.proname = 'notify_personal_page_changes'
    `.execute(db);
    expect(functions).toEqual([]);
  });

  it("come for an update of any project column visitors' pages show: all but the forum's post count", async () => {
    const { rows } = await sql<{ column_name: string; watched: boolean }>`
      select c.column_name, exists (
        select 1 from information_schema.triggered_update_columns u
        where u.event_object_schema = c.table_schema and u.event_object_table = 'projects'
          and u.trigger_name = 'page_changes' and u.event_object_column = c.column_name
      ) as watched
      from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = 'projects'
    `.execute(db);
    // A new column of projects: a migration adds it to the trigger's list (0041), or here if no visitor sees it.
    expect(rows.filter((row) => !row.watched).map((row) => row.column_name)).toEqual(["forum_post_count"]);
  });

  it("never come for a team's work nor pending join requests, and come for decided ones", async () => {
    const owner = await createUser({ name: "Owen Owner" });
    const asker = await createUser({ name: "Ada Asker" });
    const projectId = await createProject({ name: "Kept Pages Project", admin: owner });
    await settle();
    let notices = 0;
    // The channel that dropped signed-in pages (0021) must be silent too: nothing listens to it now.
    const stops = await Promise.all([
      listenForPageChanges(() => notices++),
      listen("personal-page-changes", () => notices++),
    ]);
    const seen = async () => {
      await settle();
      return notices;
    };
    await db
      .insertInto("forum_posts")
      .values({ project_id: projectId, author_id: owner.userId, content: "Hello team" })
      .execute();
    await db.updateTable("tasks").set({ status: "Done" }).where("project_id", "=", projectId).execute();
    expect(await seen()).toBe(0);

    const request = await db
      .insertInto("join_requests")
      .values({ project_id: projectId, user_id: asker.userId, requested_role: "Developer", status: "Pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("join_requests").set({ reminded_at: new Date() }).where("id", "=", request.id).execute();
    expect(await seen()).toBe(0);

    // The project page's answer speed counts decided requests.
    await db
      .updateTable("join_requests")
      .set({ status: "Rejected", decided_at: new Date() })
      .where("id", "=", request.id)
      .execute();
    expect(await seen()).toBe(1);
    await db.deleteFrom("join_requests").where("id", "=", request.id).execute();
    expect(await seen()).toBe(2);
    await Promise.all(stops.map((stop) => stop()));
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

    // Sessions change on every sign-in, notifications on every read: no visitor page shows them.
    await db.deleteFrom("sessions").where("id", "=", "none").execute();
    await db.updateTable("notifications").set({ read_at: new Date() }).where("id", "=", crypto.randomUUID()).execute();
    await settle();
    expect(notices).toBe(1);
    await stop();
  });
});
