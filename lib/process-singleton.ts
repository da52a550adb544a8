/**
 * One value per Node process. Next compiles route handlers and pages into separate server
 * bundles, and each bundle has its own copy of a module, so module-level state exists once
 * per bundle, not once per process. State that must be unique in the process (the embedded
 * database, which two instances on one directory corrupt; the mail retry loop) lives on
 * globalThis under a registered symbol instead.
 */
export function processSingleton<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`amora.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
