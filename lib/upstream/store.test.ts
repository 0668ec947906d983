import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRedis, type RedisServer } from '@/test/redis';

import { createStore } from './create-store';
import { sizeQuota } from './policy';
import { bucketParams } from './token-bucket';
import type { Store } from './store';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

let prefixes = 0;
const kinds = [
  ['memory', () => createStore({})],
  ['redis', () => createStore({ redisUrl: redis.url, keyPrefix: `store-${(prefixes += 1)}:` })],
] as const;

describe.each(kinds)('%s store', (kind, make) => {
  async function withStore(run: (store: Store) => Promise<void>) {
    const store = make();
    try {
      await run(store);
    } finally {
      await store.close();
    }
  }

  it('says what it is and answers ping', () =>
    withStore(async (store) => {
      expect(store.kind).toBe(kind);
      expect(await store.ping()).toBe(true);
    }));

  it('round-trips cache entries as JSON and deletes them', () =>
    withStore(async (store) => {
      const entry = {
        value: { houses: [{ id: 'h1', price: 12.5 }], note: 'é' },
        storedAt: 1_900_000_000_000,
      };
      await store.setEntry('k', entry, 60_000);
      const back = await store.getEntry('k');
      expect(back).toEqual(entry);
      expect(back?.value).not.toBe(entry.value);
      await store.deleteEntry('k');
      expect(await store.getEntry('k')).toBeUndefined();
    }));

  it('gives every reader of an unchanged entry the one decoded, frozen answer, and a new one once it is written again', () =>
    withStore(async (store) => {
      await store.setEntry('k', { value: { houses: [{ id: 'h1' }] }, storedAt: 1 }, 60_000);
      const first = await store.getEntry('k');
      const again = await store.getEntry('k');
      expect(again).toBe(first);
      expect(Object.isFrozen(first?.value)).toBe(true);
      await store.setEntry('k', { value: { houses: [{ id: 'h2' }] }, storedAt: 2 }, 60_000);
      const written = await store.getEntry('k');
      expect(written).not.toBe(first);
      expect(written).toEqual({ value: { houses: [{ id: 'h2' }] }, storedAt: 2 });
    }));

  it('stores an idempotency record only once, even when 50 instances race for it', () =>
    withStore(async (store) => {
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          store.idempotency.putIfAbsent('txn-1', { state: 'in-flight', by: i }, 60_000),
        ),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const winner = outcomes.indexOf(true);
      expect(await store.idempotency.get('txn-1')).toEqual({ state: 'in-flight', by: winner });
      await store.idempotency.set('txn-1', { state: 'done' }, 60_000);
      expect(await store.idempotency.get('txn-1')).toEqual({ state: 'done' });
      expect(await store.idempotency.get('txn-2')).toBeUndefined();
    }));

  it('forgets a deleted idempotency record at once, so the key can be taken again', () =>
    withStore(async (store) => {
      await store.idempotency.set('held-1', { state: 'held' }, 60_000);
      await store.idempotency.putIfAbsent('claim-1', { state: 'in-flight' }, 60_000);
      await store.idempotency.delete('held-1');
      await store.idempotency.delete('claim-1');
      expect(await store.idempotency.get('held-1')).toBeUndefined();
      expect(await store.idempotency.get('claim-1')).toBeUndefined();
      expect(await store.idempotency.putIfAbsent('claim-1', { state: 'retried' }, 60_000)).toBe(true);
      expect(await store.idempotency.get('claim-1')).toEqual({ state: 'retried' });
      // Deleting what is not there is no error.
      await store.idempotency.delete('never-written');
    }));

  it('hands a lock to one holder and lets only that holder release it', () =>
    withStore(async (store) => {
      const token = await store.tryLock('refresh', 10_000);
      expect(token).toBeTypeOf('string');
      expect(await store.tryLock('refresh', 10_000)).toBeUndefined();
      await store.unlock('refresh', 'not-the-token');
      expect(await store.tryLock('refresh', 10_000)).toBeUndefined();
      await store.unlock('refresh', token ?? '');
      expect(await store.tryLock('refresh', 10_000)).toBeTypeOf('string');
    }));

  it('only ever moves the pause later', () =>
    withStore(async (store) => {
      expect(await store.getPausedUntil()).toBe(0);
      await store.extendPause(2_000_000_000_000, 60_000);
      await store.extendPause(1_999_000_000_000, 60_000);
      expect(await store.getPausedUntil()).toBe(2_000_000_000_000);
      await store.extendPause(2_000_000_007_000, 60_000);
      expect(await store.getPausedUntil()).toBe(2_000_000_007_000);
    }));
});

describe('redis store keys', () => {
  it('keeps every key under its prefix and gives each an expiry', async () => {
    const store = createStore({ redisUrl: redis.url, keyPrefix: 'prefixed:' });
    const raw = new Redis(redis.url);
    try {
      await store.setEntry('cache:v1:houseDetails:nl:[]', { value: 1, storedAt: 1 }, 60_000);
      await store.idempotency.putIfAbsent('a', { x: 1 }, 60_000);
      await store.extendPause(Date.now() + 1_000, 60_000);
      await store.tryLock('l', 10_000);
      await store.takeToken(bucketParams(sizeQuota(100)), 'read', Date.now());
      const keys = await raw.keys('*');
      expect(keys.filter((k) => k.startsWith('prefixed:')).sort()).toEqual(
        [
          'prefixed:cache:v1:houseDetails:nl:[]',
          'prefixed:idem:a',
          'prefixed:lock:l',
          'prefixed:pause',
          'prefixed:quota:v1',
          'prefixed:quota:v1:grants',
        ].sort(),
      );
      for (const k of keys.filter((key) => key.startsWith('prefixed:')))
        expect(await raw.pttl(k)).toBeGreaterThan(0);
    } finally {
      raw.disconnect();
      await store.close();
    }
  });
});

describe('redis store entries shared by instances', () => {
  it('reads an entry another instance wrote anew, instead of the answer this one decoded before', async () => {
    const options = { redisUrl: redis.url, keyPrefix: 'shared-entries:' };
    const one = createStore(options);
    const other = createStore(options);
    try {
      await one.setEntry('k', { value: { price: 100 }, storedAt: 1 }, 60_000);
      const before = await other.getEntry('k');
      expect(await other.getEntry('k')).toBe(before);
      await one.setEntry('k', { value: { price: 120 }, storedAt: 2 }, 60_000);
      expect(await other.getEntry('k')).toEqual({ value: { price: 120 }, storedAt: 2 });
    } finally {
      await one.close();
      await other.close();
    }
  });
});
