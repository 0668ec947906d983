/**
 * Type guards for the JSON the browsing pages and the booking steps read in the browser (the
 * site's own API, this tab's storage). Those pages load no zod (about 110 KB) for it, and so do
 * not build schemas while they hydrate; these few lines check the same shapes. A guard keeps the value as
 * it came: unlike a zod object it does not drop unknown keys, which the readers here ignore.
 */
export type Guard<T> = (value: unknown) => value is T;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isString: Guard<string> = (value): value is string => typeof value === 'string';

/** A string of at most `max` UTF-16 units, as zod's `z.string().max(max)` accepts. */
export function stringUpTo(max: number): Guard<string> {
  return (value): value is string => typeof value === 'string' && value.length <= max;
}

/** A finite number, as zod's `z.number()` accepts. */
export const isNumber: Guard<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';

export function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || guard(value);
}

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard);
}

/** An object whose every listed key passes its guard (a missing key is undefined). */
export function shape<T extends object>(fields: { [K in keyof T]-?: Guard<T[K]> }): Guard<T> {
  const entries = Object.entries(fields) as [string, Guard<unknown>][];
  return (value): value is T => isRecord(value) && entries.every(([key, guard]) => guard(value[key]));
}
