import 'server-only';

import type { CacheEntry } from './cache';
import type { WindowLimit } from './fixed-windows';
import type { BucketParams, QuotaKind, TakeResult } from './token-bucket';

/**
 * The state the governor shares between instances: cache entries, the quota bucket, the 429
 * pause, refresh locks, idempotency records and the inbound limits' windows. In memory for one
 * instance, in Redis for a fleet; create-store.ts picks one.
 */

export type StoreKind = 'memory' | 'redis';

/** A refused take; `storeUnavailable` when the shared bucket could not be asked (fail closed). */
export type StoreTakeResult =
  TakeResult | { readonly granted: false; readonly retryAfterMs: number; readonly storeUnavailable: true };

export interface IdempotencyRecords {
  /** Stores the record only if the key is free; true when this call stored it. Atomic across instances. */
  putIfAbsent(key: string, record: unknown, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<unknown>;
  set(key: string, record: unknown, ttlMs: number): Promise<void>;
  /** Forgets the record at once: a later `get` finds nothing and `putIfAbsent` may store again. */
  delete(key: string): Promise<void>;
}

export interface Store {
  readonly kind: StoreKind;

  getEntry(key: string): Promise<CacheEntry | undefined>;
  setEntry(key: string, entry: CacheEntry, ttlMs: number): Promise<void>;
  deleteEntry(key: string): Promise<void>;

  /** Refill and take one token atomically; never grants when the bucket cannot be reached. */
  takeToken(params: BucketParams, kind: QuotaKind, now: number): Promise<StoreTakeResult>;
  /** Whole tokens in the bucket now, without taking one. */
  tokensAvailable(params: BucketParams, now: number): Promise<number>;

  /** Epoch ms until which no upstream call may leave; 0 when there is no pause. */
  getPausedUntil(): Promise<number>;
  /** Moves the pause to `until` unless it already ends later; the marker is dropped after `ttlMs`. */
  extendPause(until: number, ttlMs: number): Promise<void>;

  /**
   * Counts a request in fixed windows kept where every instance using this store sees them (the
   * inbound limits per client and per booking session): when any of `limits` is full the request
   * is refused and counted against none of them, otherwise it is counted against all. The seconds
   * to wait, or null. A key that must stay per instance names the instance itself.
   */
  admitWindows(limits: readonly WindowLimit[], now: number): Promise<number | null>;

  /** A short exclusive lock (SET NX PX); resolves to a token for `unlock`, or undefined when held elsewhere. */
  tryLock(name: string, ttlMs: number): Promise<string | undefined>;
  unlock(name: string, token: string): Promise<void>;

  readonly idempotency: IdempotencyRecords;

  ping(): Promise<boolean>;
  close(): Promise<void>;
}
