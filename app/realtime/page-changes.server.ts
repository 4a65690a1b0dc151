import { listen } from "./bus.server";

/**
 * Calls `handler` when a write that visitors' pages could show commits, on any instance: the
 * database's triggers send these notices (migration 0014). The host drops its cached pages then.
 */
export function listenForPageChanges(handler: () => void): Promise<() => Promise<void>> {
  return listen("page-changes", handler);
}
