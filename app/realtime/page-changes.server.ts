import { listen, onBusReconnect } from "./bus.server";

/**
 * Calls `handler` when a write that visitors' pages could show commits, on any instance: the
 * database's triggers send these notices (migration 0014). The host drops its kept pages then,
 * and also whenever the bus was away, since the notices sent meanwhile are lost.
 */
export function listenForPageChanges(handler: () => void): Promise<() => Promise<void>> {
  return listenAndCatchUp("page-changes", handler);
}

/**
 * Calls `handler` when a write that only signed-in people's pages show commits (a notification,
 * a session ending: migration 0021), or the bus was away. The host drops its kept personal pages then.
 */
export function listenForPersonalPageChanges(handler: () => void): Promise<() => Promise<void>> {
  return listenAndCatchUp("personal-page-changes", handler);
}

async function listenAndCatchUp(channel: string, handler: () => void): Promise<() => Promise<void>> {
  const unlisten = await listen(channel, handler);
  const stopCatchingUp = onBusReconnect(handler);
  return async () => {
    stopCatchingUp();
    await unlisten();
  };
}
