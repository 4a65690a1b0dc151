import { type Kysely, sql } from "kysely";

/**
 * Runs a script of several statements one at a time: the embedded database's query protocol
 * takes one statement per call. Semicolons inside $$-quoted bodies do not end a statement.
 */
export async function executeScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of splitStatements(script)) {
    await sql.raw(statement).execute(db);
  }
}

export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = "";
  for (const piece of script.split(/(?<=;)\s*\n/)) {
    current += (current ? "\n" : "") + piece;
    const dollarQuotes = current.split("$$").length - 1;
    if (dollarQuotes % 2 === 0 && current.trim().endsWith(";")) {
      statements.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements.filter((statement) => !/^(\s*--[^\n]*\n?)*\s*;?$/.test(statement));
}
