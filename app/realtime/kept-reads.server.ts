import { busIsListening } from "./bus.server";
import { listenForPageChanges } from "./page-changes.server";
import { singleton } from "~/utils/singleton.server";

/**
 * Shared reads that visitors' pages repeat on every render (the catalogue's sizes, its filter
 * lists), kept in memory until a write visitors could see commits on any instance. That write's
 * notice is the one that empties the host's kept pages (db/page-change-tables.ts lists what sends
 * it), and a bus that was away empties both too. While this instance does not hear the notices
 * for a database (tests, a process that never started its services, a lost connection), every
 * read of it goes to the database.
 */
const state = singleton("kept-reads", () => ({ database: null as object | null, generation: 0 }));

/** How many page changes of `database` this instance has heard, or null while it hears none. */
export function pageChangeGeneration(database: object): number | null {
  return state.database === database && busIsListening() ? state.generation : null;
}

export function keptUntilPageChange<T>(database: object, read: () => Promise<T>): () => Promise<T> {
  let kept: { generation: number; value: Promise<T> } | null = null;
  return () => {
    const generation = pageChangeGeneration(database);
    if (generation === null) return read();
    if (kept?.generation === generation) return kept.value;
    // Kept while in flight too, so a burst of requests reads once; a failure is not kept.
    const entry = { generation, value: read() };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.value;
  };
}

/** Starts keeping shared reads of the app's database (at start); the function returned stops it. */
export async function keepSharedReads(database: object): Promise<() => Promise<void>> {
  const unlisten = await listenForPageChanges(() => {
    state.generation++;
  });
  state.database = database;
  return async () => {
    state.database = null;
    state.generation++;
    await unlisten();
  };
}
