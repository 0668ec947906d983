import 'server-only';

import type { CachePolicy } from './policy';

/** What the store keeps per cached read. */
export interface CacheEntry {
  readonly value: unknown;
  /** Epoch ms on the governor's clock when the upstream answered. */
  readonly storedAt: number;
}

export type CacheParamValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type CacheParams = Readonly<Record<string, CacheParamValue>>;

/**
 * Told of every read of a page render the site server records (lib/page-cache/read-record.ts):
 * the read's key, then the cached entry it found, if any. So the site server knows which answers
 * a page was built from and how long they stay fresh. Found through a registered symbol on
 * globalThis (the page cache installs it), so this folder imports nothing of the page cache.
 */
export interface CacheReadObserver {
  read(key: string): void;
  entry(storedAt: number, freshMs: number, fresh: boolean): void;
  /**
   * The read was answered at once with an entry past its fresh age while it is refreshed; it
   * may be served so until `staleUntil`, and its operation's answers are fresh for `freshMs`.
   */
  staleServed(staleUntil: number, freshMs: number): void;
}

export const CACHE_READ_OBSERVER = Symbol.for('partner-booking-site.cache-read-observer');

interface ObserverHolder {
  current(): CacheReadObserver | undefined;
  /** Told when a cached entry is written or dropped, so pages built from it can be dropped too. */
  written?(key: string): void;
}

function observerHolder(): ObserverHolder | undefined {
  return (globalThis as unknown as { [CACHE_READ_OBSERVER]?: ObserverHolder })[CACHE_READ_OBSERVER];
}

function currentReadObserver(): CacheReadObserver | undefined {
  return observerHolder()?.current();
}

/** The governor served `entry` as a stale answer while it refreshes it (stale-while-revalidate). */
export function reportStaleServed(entry: Pick<CacheEntry, 'storedAt'>, policy: CachePolicy): void {
  currentReadObserver()?.staleServed(entry.storedAt + policy.staleMs, policy.freshMs);
}

/** The entry under `key` was just written or deleted: whatever was built from the old one is out of date. */
export function announceCacheWrite(key: string): void {
  observerHolder()?.written?.(key);
}

/** Bump when the cached shape changes, so a rolling deploy never reads the other version's entries. */
const KEY_VERSION = 'v1';

/**
 * The cache key of a read: operation, language and every parameter, sorted by name, so the same
 * request always meets the same entry and a different value never does. Values are JSON-encoded,
 * which keeps `2` and `"2"` apart and makes the key unambiguous. The governor asks for a key
 * only for operations its table caches, and none of them carries guest data.
 */
export function cacheKey(op: string, language: string, params: CacheParams): string {
  if (language.length === 0) throw new Error('cache key needs a language');
  const entries = Object.keys(params)
    .sort()
    .flatMap((name) => {
      const value = params[name];
      // An absent parameter and an undefined one are the same request.
      return value === undefined ? [] : [[name, value] as const];
    });
  const key = `cache:${KEY_VERSION}:${op}:${language}:${JSON.stringify(entries)}`;
  // The governor asks for the key once per read: a recorded page render counts it.
  currentReadObserver()?.read(key);
  return key;
}

export type Freshness = 'fresh' | 'stale' | 'error-only' | 'expired';

/**
 * Where an entry's age falls in its operation's policy. `report: false` for a look that is not a
 * read a page is built from (a background refresh checking whether it is still needed).
 */
export function classify(entry: CacheEntry, policy: CachePolicy, now: number, report = true): Freshness {
  // An entry from a clock ahead of ours counts as just stored.
  const age = Math.max(0, now - entry.storedAt);
  // Every cached entry a read finds passes here: a recorded page render learns how long the
  // answers it used stay fresh.
  if (report) currentReadObserver()?.entry(entry.storedAt, policy.freshMs, age < policy.freshMs);
  if (age < policy.freshMs) return 'fresh';
  if (age < policy.staleMs) return 'stale';
  if (age < policy.errorMs) return 'error-only';
  return 'expired';
}

/** Reads a stored entry back, refusing anything that is not the shape we wrote. */
export function parseEntry(raw: string): CacheEntry | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('value' in parsed) || !('storedAt' in parsed))
    return undefined;
  const { value, storedAt } = parsed;
  return typeof storedAt === 'number' && Number.isFinite(storedAt) ? { value, storedAt } : undefined;
}
