/**
 * One instance per process, kept on globalThis so that dev-server reloads of a module
 * reuse the database, event bus and hub instead of opening second ones (DESIGN principle 1).
 */
export function singleton<Value>(name: string, create: () => Value): Value {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as Value;
}
