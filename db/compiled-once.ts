import { type Compilable, CompiledQuery } from "kysely";
import type { DB } from "./connection";

const STAND_IN = Symbol("compiledOnce stand-in");
type StandIn = { readonly [STAND_IN]: string };

const isStandIn = (value: unknown): value is StandIn =>
  typeof value === "object" && value !== null && STAND_IN in value;

/**
 * A statement built and compiled to SQL once, then run with each call's values: building a query
 * with Kysely and compiling it cost more of the request thread than a hot lookup by id takes to
 * run (PERFORMANCE.md, "Hot statements are compiled once").
 *
 * `build` runs once, with the first caller's database (or transaction: the SQL is the same) and a
 * stand-in for each argument it reads, and must put each argument into
 * the query only as one bound value, never into its shape: no condition on it in JavaScript, no
 * list for `in` (one placeholder an item: use `= any(${ids})`). An argument `build` reads that
 * ends up as no bound value throws the first time. Any other value in it is kept as first built:
 * whatever changes between calls (a time such as `now`) must come in as an argument.
 */
export function compiledOnce<Args extends object, Row>(
  build: (db: DB, args: Args) => Compilable<Row>,
): (db: DB, args: Args) => CompiledQuery<Row> {
  let template: { sql: string; parameters: readonly unknown[] } | undefined;
  return (db, args) => {
    template ??= compileWithStandIns((standIns: Args) => build(db, standIns));
    const parameters = template.parameters.map((parameter) =>
      isStandIn(parameter) ? args[parameter[STAND_IN] as keyof Args] : parameter,
    );
    return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<Row>;
  };
}

function compileWithStandIns<Args extends object>(build: (args: Args) => Compilable<unknown>) {
  const read = new Set<string>();
  const standIns = new Proxy(
    {},
    {
      get(_, key) {
        if (typeof key !== "string") return undefined;
        read.add(key);
        return Object.freeze({ [STAND_IN]: key });
      },
    },
  );
  const { sql, parameters } = build(standIns as Args).compile();
  for (const key of read) {
    if (!parameters.some((parameter) => isStandIn(parameter) && parameter[STAND_IN] === key)) {
      throw new Error(`compiledOnce: the argument "${key}" is not a bound value of the statement.`);
    }
  }
  return { sql, parameters };
}
