import 'server-only';

import { randomUUID } from 'node:crypto';

import { LRUCache } from 'lru-cache';

import { parseEntry, type CacheEntry } from './cache';
import { deepFreeze } from './deep-freeze';
import { createFixedWindows, type WindowLimit } from './fixed-windows';
import { take, tokensAvailable, type BucketParams, type BucketState, type QuotaKind } from './token-bucket';
import type { IdempotencyRecords, Store, StoreTakeResult } from './store';

const DEFAULT_MAX_ENTRIES = 5_000;
/** Roughly 64 MB of JSON text: a runaway upstream payload cannot grow the process without bound. */
const MAX_CACHE_CHARS = 64 * 1024 * 1024;
const MAX_IDEMPOTENCY_RECORDS = 20_000;

/** An entry as stored: decoded once from its JSON text when written, frozen, and that text's size. */
interface HeldEntry {
  readonly entry: CacheEntry;
  readonly chars: number;
}

/**
 * One instance's store. A cache entry goes through JSON when written, as into Redis, so both
 * stores keep and give back the same data; it is decoded then, once, rather than on every read
 * (pages read the same cached answers many times a second), and frozen, so a reader that tried
 * to change it would fail instead of changing what the next reader gets.
 */
export class MemoryStore implements Store {
  readonly kind = 'memory' as const;

  private readonly entries: LRUCache<string, HeldEntry>;
  private readonly records = new LRUCache<string, string>({ max: MAX_IDEMPOTENCY_RECORDS });
  private readonly locks = new LRUCache<string, string>({ max: 10_000 });
  private readonly windows = createFixedWindows(50_000);
  private bucket: BucketState | undefined;
  private pausedUntil = 0;

  readonly idempotency: IdempotencyRecords;

  constructor(options: { maxEntries?: number } = {}) {
    this.entries = new LRUCache<string, HeldEntry>({
      max: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
      maxSize: MAX_CACHE_CHARS,
      sizeCalculation: (held) => Math.max(1, held.chars),
    });
    const records = this.records;
    this.idempotency = {
      async putIfAbsent(key, record, ttlMs) {
        if (records.has(key)) return false;
        records.set(key, JSON.stringify(record), { ttl: ttlMs });
        return true;
      },
      async get(key) {
        const text = records.get(key);
        return text === undefined ? undefined : JSON.parse(text);
      },
      async set(key, record, ttlMs) {
        records.set(key, JSON.stringify(record), { ttl: ttlMs });
      },
      async delete(key) {
        records.delete(key);
      },
    };
  }

  async getEntry(key: string): Promise<CacheEntry | undefined> {
    return this.entries.get(key)?.entry;
  }

  async setEntry(key: string, entry: CacheEntry, ttlMs: number): Promise<void> {
    const text = JSON.stringify({ value: entry.value, storedAt: entry.storedAt });
    const decoded = parseEntry(text);
    if (decoded === undefined) return;
    this.entries.set(key, { entry: deepFreeze(decoded), chars: text.length }, { ttl: ttlMs });
  }

  async deleteEntry(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async takeToken(params: BucketParams, kind: QuotaKind, now: number): Promise<StoreTakeResult> {
    const next = take(this.bucket, params, kind, now);
    this.bucket = next.state;
    return next.result;
  }

  async tokensAvailable(params: BucketParams, now: number): Promise<number> {
    return tokensAvailable(this.bucket, params, now);
  }

  async getPausedUntil(): Promise<number> {
    return this.pausedUntil;
  }

  async extendPause(until: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  async admitWindows(limits: readonly WindowLimit[], now: number): Promise<number | null> {
    return this.windows.admit(limits, now);
  }

  async tryLock(name: string, ttlMs: number): Promise<string | undefined> {
    if (this.locks.has(name)) return undefined;
    const token = randomUUID();
    this.locks.set(name, token, { ttl: ttlMs });
    return token;
  }

  async unlock(name: string, token: string): Promise<void> {
    if (this.locks.get(name) === token) this.locks.delete(name);
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
