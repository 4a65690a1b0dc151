import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  TABLES_NO_PAGE_SHOWS,
  TABLES_ONLY_SIGNED_IN_PAGES_SHOW,
  TABLES_VISITORS_SEE_IN_PART,
} from "#db/page-change-tables";
import { db } from "~/db.server";
import { listenForPageChanges, listenForPersonalPageChanges } from "~/realtime/page-changes.server";
import { createProject, createUser } from "../fixtures/factories";

/**
 * The notices that empty every instance's kept pages (host/page-cache.ts): sent by the database
 * itself when a write commits, so no model function can forget one.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe("page-change notices", () => {
  it("come from every table: all kept pages go for what visitors see, personal ones for the rest", async () => {
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
    const unclassified = rows
      .filter((row) => row.triggers.length === 0)
      .map((row) => row.table_name)
      .filter((table) => !TABLES_NO_PAGE_SHOWS.includes(table) && !TABLES_VISITORS_SEE_IN_PART.includes(table));
    // A new table: classify it in db/page-change-tables.ts and give it its trigger in its migration.
    expect(unclassified).toEqual([]);
    expect(withTrigger("page_changes")).toEqual(
      expect.arrayContaining(["projects", "project_members", "project_roles", "users", "task_reviews"]),
    );
    expect(withTrigger("personal_page_changes").sort()).toEqual([...TABLES_ONLY_SIGNED_IN_PAGES_SHOW].sort());
    expect(rows.filter((row) => row.triggers.length > 1)).toEqual([]);
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

  it("leave visitors' pages kept for a team's work and pending join requests, not for decided ones", async () => {
    const owner = await createUser({ name: "Owen Owner" });
    const asker = await createUser({ name: "Ada Asker" });
    const projectId = await createProject({ name: "Kept Pages Project", admin: owner });
    await settle();
    let visitorNotices = 0;
    let personalNotices = 0;
    const stops = await Promise.all([
      listenForPageChanges(() => visitorNotices++),
      listenForPersonalPageChanges(() => personalNotices++),
    ]);
    const seen = async () => {
      await settle();
      return { visitorNotices, personalNotices };
    };
    await db
      .insertInto("forum_posts")
      .values({ project_id: projectId, author_id: owner.userId, content: "Hello team" })
      .execute();
    await db.updateTable("tasks").set({ status: "Done" }).where("project_id", "=", projectId).execute();
    expect(await seen()).toEqual({ visitorNotices: 0, personalNotices: 2 });

    const request = await db
      .insertInto("join_requests")
      .values({ project_id: projectId, user_id: asker.userId, requested_role: "Developer", status: "Pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("join_requests").set({ reminded_at: new Date() }).where("id", "=", request.id).execute();
    expect(await seen()).toEqual({ visitorNotices: 0, personalNotices: 4 });

    // The project page's answer speed counts decided requests.
    await db
      .updateTable("join_requests")
      .set({ status: "Rejected", decided_at: new Date() })
      .where("id", "=", request.id)
      .execute();
    expect(await seen()).toEqual({ visitorNotices: 1, personalNotices: 4 });
    await db.deleteFrom("join_requests").where("id", "=", request.id).execute();
    expect(await seen()).toEqual({ visitorNotices: 2, personalNotices: 4 });
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

    // Sessions change on every sign-in and no visitor page shows them.
    await db.deleteFrom("sessions").where("id", "=", "none").execute();
    await settle();
    expect(notices).toBe(1);
    await stop();
  });

  it("for what only signed-in pages show (a session ending, a notification) come on their own channel", async () => {
    let visitorNotices = 0;
    let personalNotices = 0;
    const stops = await Promise.all([
      listenForPageChanges(() => visitorNotices++),
      listenForPersonalPageChanges(() => personalNotices++),
    ]);
    await db.deleteFrom("sessions").where("id", "=", "none").execute();
    await db.updateTable("notifications").set({ read_at: new Date() }).where("id", "=", crypto.randomUUID()).execute();
    await settle();
    expect({ visitorNotices, personalNotices }).toEqual({ visitorNotices: 0, personalNotices: 2 });

    await db.updateTable("projects").set({ name: "Renamed" }).where("id", "=", crypto.randomUUID()).execute();
    await settle();
    expect({ visitorNotices, personalNotices }).toEqual({ visitorNotices: 1, personalNotices: 2 });
    await Promise.all(stops.map((stop) => stop()));
  });
});
