import { listen, onBusReconnect } from "./bus.server";

/**
 * Calls `handler` when a write that visitors' pages could show commits, on any instance: the
 * database's triggers send these notices (migration 0014). The host drops its kept pages then,
 * and also whenever the bus was away, since the notices sent meanwhile are lost.
 */
export async function listenForPageChanges(handler: () => void): Promise<() => Promise<void>> {
  const unlisten = await listen("page-changes", handler);
  const stopCatchingUp = onBusReconnect(handler);
  return async () => {
    stopCatchingUp();
    await unlisten();
  };
}
