import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "#db/schema";
import { keepPlan } from "#db/connection";

/**
 * One value a search reads from the database, written as a scalar SQL expression (a subquery
 * yielding one value, JSON or an array) and how to read what it yields. Lookups that do not need
 * each other's answers run as one statement (`lookUpTogether`): the embedded database answers one
 * statement at a time, each with a round trip of its own. Their values are arrays and the text is one
 * of a few (which lookups are asked), so each text's plan is kept: planning cost more than running.
 */
export interface Lookup<T> {
  expression: RawBuilder<unknown>;
  read: (value: unknown) => T;
}

type Answers<L extends Record<string, Lookup<unknown> | null>> = {
  [K in keyof L]: L[K] extends Lookup<infer T> ? T : L[K] extends Lookup<infer T> | null ? T | null : never;
};

/** Runs the lookups in one statement; a null lookup (nothing to ask) answers null. */
export async function lookUpTogether<L extends Record<string, Lookup<unknown> | null>>(
  db: Kysely<Database>,
  lookups: L,
): Promise<Answers<L>> {
  const asked = askedLookups(lookups);
  const answers: Record<string, unknown> = Object.fromEntries(Object.keys(lookups).map((name) => [name, null]));
  if (asked.length === 0) return answers as Answers<L>;
  const { rows } = await lookupsStatement(lookups).execute(db);
  for (const [name, lookup] of asked) answers[name] = lookup.read(rows[0]?.[name]);
  return answers as Answers<L>;
}

const askedLookups = (lookups: Record<string, Lookup<unknown> | null>) =>
  Object.entries(lookups).filter((entry): entry is [string, Lookup<unknown>] => entry[1] !== null);

/** The statement asking the lookups that are not null: its text depends only on which they are. */
export function lookupsStatement(lookups: Record<string, Lookup<unknown> | null>) {
  return sql<Record<string, unknown>>`select ${sql.join(
    askedLookups(lookups).map(([name, lookup]) => sql`${lookup.expression} as ${sql.id(name)}`),
  )} ${keepPlan}`;
}

/** Runs one lookup on its own. */
export async function lookUp<T>(db: Kysely<Database>, lookup: Lookup<T>): Promise<T> {
  return (await lookUpTogether(db, { only: lookup })).only;
}
