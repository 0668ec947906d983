import 'server-only';

/**
 * Freezes `value` and everything in it (plain objects and arrays, as JSON decodes and the
 * partner mappers build them): a value shared by every request that reads it must not be changed
 * by one of them, and a frozen one makes such a change fail where it is made.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
