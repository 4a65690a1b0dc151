import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { vacuumAndAnalyze } from "#db/maintenance";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { maintainEmbeddedDatabase } from "~/jobs/maintain-embedded-database.server";

const probe = async () => {
  const { rows } = await sql<{ pages: number; tuples: number }>`
    select (pg_relation_size('maintenance_probe') / current_setting('block_size')::int)::int as pages,
      reltuples::int as tuples
    from pg_class where oid = 'maintenance_probe'::regclass
  `.execute(db);
  return rows[0]!;
};

describe("database maintenance", () => {
  afterAll(async () => {
    await sql`drop table if exists maintenance_probe`.execute(db);
  });

  it("reclaims deleted rows and refreshes the planner's statistics, table by table", async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]!.schema;
    await sql`create table maintenance_probe (id int primary key, filler text)`.execute(db);
    await sql`insert into maintenance_probe select i, repeat('x', 200) from generate_series(1, 5000) i`.execute(db);
    await sql`delete from maintenance_probe where id > 1000`.execute(db);
    const before = await probe();
    expect(before.tuples).not.toBe(1000);

    const tables = await vacuumAndAnalyze(db, [schema]);
    expect(tables).toContain(`${schema}.maintenance_probe`);
    expect(tables).toContain(`${schema}.projects`);
    let after = await probe();
    expect(after.tuples).toBe(1000);
    // The deleted rows filled the last pages: vacuum gives them back. On PostgreSQL another test
    // file's open transaction can hold them a moment longer (the horizon is the database's).
    for (let attempt = 0; attempt < 20 && after.pages >= before.pages / 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await sql`vacuum maintenance_probe`.execute(db);
      after = await probe();
    }
    expect(after.pages).toBeLessThan(before.pages / 2);
  });

  it("is the nightly job's work on the embedded database only (PostgreSQL runs autovacuum)", async () => {
    const tables = await maintainEmbeddedDatabase();
    if (config.DATABASE_URL) expect(tables).toEqual([]);
    else expect(tables.length).toBeGreaterThan(20);
  });
});
