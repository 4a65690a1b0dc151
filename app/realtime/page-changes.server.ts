import { listen } from "./bus.server";

/**
 * Calls `handler` when a write that visitors' pages could show commits, on any instance: the
 * database's triggers send these notices (migration 0014). The host drops its kept pages then.
 */
export function listenForPageChanges(handler: () => void): Promise<() => Promise<void>> {
  return listen("page-changes", handler);
}

/**
 * Calls `handler` when a write that only signed-in people's pages show commits (a notification,
 * a session ending: migration 0021). The host drops its kept personal pages then.
 */
export function listenForPersonalPageChanges(handler: () => void): Promise<() => Promise<void>> {
  return listen("personal-page-changes", handler);
}
