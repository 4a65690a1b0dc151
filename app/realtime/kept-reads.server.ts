import { busIsListening } from "./bus.server";
import { listenForPageChanges } from "./page-changes.server";
import { singleton } from "~/utils/singleton.server";

/**
 * Shared reads that visitors' pages repeat on every render (the catalogue's sizes, its filter
 * lists), kept in memory until a write visitors could see commits on any instance. That write's
 * notice is the one that empties the host's kept pages (db/page-change-tables.ts lists what sends
 * it), and a bus that was away empties both too. While this instance does not hear the notices
 * (tests, a process that never started its services, a lost connection), every read goes to the
 * database.
 */
const state = singleton("kept-reads", () => ({ listening: false, generation: 0 }));

export function keptUntilPageChange<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: { generation: number; value: Promise<T> } | null = null;
  return () => {
    if (!state.listening || !busIsListening()) return read();
    if (kept?.generation === state.generation) return kept.value;
    // Kept while in flight too, so a burst of requests reads once; a failure is not kept.
    const entry = { generation: state.generation, value: read() };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.value;
  };
}

/** Starts keeping shared reads (at start); the function it returns stops it (at shutdown). */
export async function keepSharedReads(): Promise<() => Promise<void>> {
  const unlisten = await listenForPageChanges(() => {
    state.generation++;
  });
  state.listening = true;
  return async () => {
    state.listening = false;
    state.generation++;
    await unlisten();
  };
}
