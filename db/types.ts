import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import { generate, PostgresDialect } from "kysely-codegen";

/**
 * The table types come from the migrated schema, never from a hand-kept copy: `npm run db:types`
 * migrates a throwaway embedded database and writes db/generated-types.ts, and
 * tests/integration/schema-types.test.ts fails when that file is stale.
 */
export const generatedTypesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "generated-types.ts");

/**
 * A text column whose CHECK constraint lists its values (`col in ('a', 'b')`) gets the union of
 * those values as its type, so the constraint is the one source of truth.
 */
async function checkedValueOverrides<T>(db: Kysely<T>, schema: string): Promise<Record<string, string>> {
  const { rows } = await sql<{ table_name: string; definition: string; not_null: boolean; has_default: boolean }>`
    select c.relname as table_name, pg_get_constraintdef(k.oid) as definition,
      a.attnotnull as not_null, a.atthasdef as has_default
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
    where k.contype = 'c' and n.nspname = ${schema} and cardinality(k.conkey) = 1
    order by c.relname, k.conname
  `.execute(db);
  const overrides: Record<string, string> = {};
  for (const { table_name, definition, not_null, has_default } of rows) {
    const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
    if (!match) continue;
    const values = [...match[2].matchAll(/'((?:[^']|'')*)'::text/g)].map((value) => value[1].replaceAll("''", "'"));
    if (values.length === 0) continue;
    let type = values.map((value) => JSON.stringify(value)).join(" | ");
    if (!not_null) type += " | null";
    overrides[`${table_name}.${match[1]}`] = has_default ? `Generated<${type}>` : type;
  }
  return overrides;
}

/** The TypeScript source of the table types of `schema` as migrated in `db`. */
export async function generateTableTypes<T>(db: Kysely<T>, schema = "public"): Promise<string> {
  const overrides = await checkedValueOverrides(db, schema);
  return generate({
    db,
    dialect: new PostgresDialect({ defaultSchemas: [schema] }),
    defaultSchemas: [schema],
    includePattern: `${schema}.*`,
    excludePattern: `${schema}.kysely_migration*`,
    outFile: null,
    print: false,
    typeOnlyImports: true,
    overrides: { columns: overrides },
  });
}
