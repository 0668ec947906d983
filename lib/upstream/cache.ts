import 'server-only';

import { processSingleton } from '@/lib/process-singleton';
import { requestContext, type CacheReadObserver } from '@/lib/request-context';
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
 * A page render the site server records (server/page-store/read-record.ts) is told of every read
 * it makes: the read's key, then the cached entry it found, if any. So the site server knows which
 * answers a page was built from and how long they stay fresh. The recorder is the request
 * context's `cacheReads` (lib/request-context.ts), so this folder imports nothing of the server.
 */
export type { CacheReadObserver } from '@/lib/request-context';

function currentReadObserver(): CacheReadObserver | undefined {
  return requestContext().cacheReads;
}

type WriteListener = (key: string) => void;

const writeListeners = processSingleton('upstream.cache-write-listeners', () => new Set<WriteListener>());

/**
 * Calls `listener` with the key of every cached entry written or deleted in this process, so
 * pages built from the old entry can be dropped. Returns the function that stops it.
 */
export function onCacheWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** The governor served `entry` as a stale answer while it refreshes it (stale-while-revalidate). */
export function reportStaleServed(entry: Pick<CacheEntry, 'storedAt'>, policy: CachePolicy): void {
  currentReadObserver()?.staleServed(entry.storedAt + policy.staleMs, policy.freshMs);
}

/** The entry under `key` was just written or deleted: whatever was built from the old one is out of date. */
export function announceCacheWrite(key: string): void {
  for (const listener of writeListeners) listener(key);
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
