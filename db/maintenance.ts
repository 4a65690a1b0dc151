import { sql } from "kysely";
import type { DB } from "./connection";

/**
 * VACUUM and ANALYZE every table of the given schemas, one table a statement, largest first, so
 * requests still get their turn in between (the embedded database runs one statement at a time).
 * Returns the tables in the order they were done.
 */
export async function vacuumAndAnalyze(db: DB, schemas: string[]): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'm') and n.nspname = any(${schemas}::text[])
    order by c.relpages desc, 1
  `.execute(db);
  for (const { name } of rows) await sql`vacuum (analyze) ${sql.raw(name)}`.execute(db);
  return rows.map((row) => row.name);
}
