/**
 * One value per process for state that every copy of a module must share. Next.js bundles route
 * handlers, pages and instrumentation apart, each with its own copy of a module, and the site
 * server loads one more copy outside them: module-level state would exist several times over. A
 * value kept here lives on globalThis under a registered symbol, so every copy finds the same one.
 *
 * No `server-only` marker: the site server, which runs outside Next.js, uses it too.
 */
type Holder = Record<symbol, unknown>;

const holder = globalThis as unknown as Holder;
const keyOf = (name: string) => Symbol.for(`partner-booking-site.${name}`);

/** The process's value named `name`, made by `create` the first time it is asked for. */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = keyOf(name);
  if (!(key in holder) || holder[key] === undefined) holder[key] = create();
  return holder[key] as T;
}

/**
 * Puts `value` in place of the process's value named `name` (undefined: the next request makes a
 * new one). For tests and for state that is rebuilt on purpose, such as a store after a reset.
 */
export function replaceProcessSingleton<T>(name: string, value: T | undefined): void {
  holder[keyOf(name)] = value;
}
