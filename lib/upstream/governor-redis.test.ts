import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRedis, type RedisServer } from '@/test/redis';

import { FakeClock } from './testing/fake-clock';
import { countingFetch, deferred, fail, MINUTE, SECOND, setup } from './testing/governor';
import { maxGrantsInAnyMinute } from './testing/quota';
import { createStore } from './create-store';
import { sizeQuota } from './policy';
import { bucketParams } from './token-bucket';
import type { Store } from './store';

/** Two governors on two connections to one real redis-server: two instances of the site. */

let redis: RedisServer;
const stores: Store[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await redis.stop();
});

function twoInstances(options: { maxQueueMs?: number } = {}) {
  const clock = new FakeClock();
  const prefix = `fleet-${(prefixes += 1)}:`;
  const make = () => {
    const store = createStore({ redisUrl: redis.url, keyPrefix: prefix });
    stores.push(store);
    return setup({ clock, store, ...options }).governor;
  };
  return { clock, a: make(), b: make() };
}

describe('a fleet sharing one Redis shares its quota, pause and cache', () => {
  it('keeps both instances together within one quota', async () => {
    const { clock, a, b } = twoInstances({ maxQueueMs: 0 });
    const grants: number[] = [];
    const fetch = async () => {
      grants.push(clock.now());
      return 1;
    };
    let n = 0;
    for (let step = 0; step < 600; step += 1) {
      clock.set(clock.now() + 300); // three simulated minutes
      const calls = [a, b].flatMap((governor) => [
        ...Array.from({ length: 3 }, () =>
          governor.read({ op: 'searchHouses', language: 'nl', params: { n: (n += 1) }, fetch }),
        ),
        governor.read({ op: 'priceSpecifications', language: 'nl', params: { n: (n += 1) }, fetch }),
      ]);
      const outcomes = await Promise.allSettled(calls);
      for (const o of outcomes)
        if (o.status === 'rejected')
          expect(o.reason).toMatchObject({ code: 'quota_exhausted', notSent: true });
    }
    const worst = maxGrantsInAnyMinute(grants);
    expect(worst).toBeLessThanOrEqual(90);
    // Saturated: either instance alone would have reached what reads may take of a minute (the
    // budget less twice the reserve), so the bound is shared.
    expect(worst).toBe(90 - 2 * sizeQuota(100).reserve);
  });

  it('shares cache entries', async () => {
    const { clock, a, b } = twoInstances();
    const fetchA = countingFetch(clock, () => ({ from: 'a' }));
    const fetchB = countingFetch(clock, () => ({ from: 'b' }));
    const params = { houseId: 'H1' };
    expect(await a.read({ op: 'houseDetails', language: 'nl', params, fetch: fetchA })).toMatchObject({
      cache: 'miss',
    });
    expect(await b.read({ op: 'houseDetails', language: 'nl', params, fetch: fetchB })).toMatchObject({
      cache: 'hit',
      value: { from: 'a' },
    });
    expect(await b.read({ op: 'houseDetails', language: 'de', params, fetch: fetchB })).toMatchObject({
      cache: 'miss',
      value: { from: 'b' },
    });
    expect([fetchA.calls.length, fetchB.calls.length]).toEqual([1, 1]);
  });

  it('refreshes a stale entry once across instances for 200 concurrent requests', async () => {
    const { clock, a, b } = twoInstances();
    const search = { op: 'searchHouses', language: 'en', params: { adults: 2 } } as const;
    await a.read({ ...search, fetch: async () => ({ version: 1 }) });
    clock.set(clock.now() + 2 * MINUTE);
    const refresh = deferred<{ version: number }>();
    const fetch = countingFetch(clock, () => refresh.promise);
    const reads = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).read({ ...search, fetch })),
    );
    expect(reads.every((r) => r.cache === 'stale')).toBe(true);
    refresh.resolve({ version: 2 });
    await Promise.all([a.idle(), b.idle()]);
    expect(fetch.calls).toHaveLength(1);
    expect(await b.read({ ...search, fetch })).toMatchObject({ cache: 'hit', value: { version: 2 } });
  });

  it('pauses every instance after one sees a 429, serving stale meanwhile', async () => {
    const { clock, a, b } = twoInstances();
    const house = (houseId: string) => ({ op: 'houseDetails', language: 'nl', params: { houseId } }) as const;
    await b.read({ ...house('H1'), fetch: async () => ({ name: 'old' }) });
    clock.set(clock.now() + 2 * 60 * MINUTE);
    await expect(
      a.read({ ...house('H2'), fetch: fail('rate_limited', { retryAfterSeconds: 7 }) }),
    ).rejects.toMatchObject({
      code: 'rate_limited',
    });
    const fetch = countingFetch(clock, () => ({ name: 'new' }));
    await expect(b.read({ ...house('H3'), fetch })).rejects.toMatchObject({
      code: 'rate_limited',
      notSent: true,
      retryAfterSeconds: 7,
    });
    await expect(b.write({ op: 'preRegisterReservation', fetch })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(await b.read({ ...house('H1'), fetch })).toMatchObject({ cache: 'stale', value: { name: 'old' } });
    expect(fetch.calls).toHaveLength(0);
    expect((await b.stats()).pausedUntil).toBe(clock.now() + 7 * SECOND);
    clock.set(clock.now() + 7 * SECOND);
    expect(await b.read({ ...house('H3'), fetch })).toMatchObject({ cache: 'miss' });
    expect(fetch.calls).toHaveLength(1);
  });
});

describe('Redis unreachable: the limiter fails closed', () => {
  it('makes no partner call once Redis stops mid-run, answering only what it has seen', async () => {
    const own = await startRedis();
    const store = createStore({ redisUrl: own.url, keyPrefix: 'down:' });
    try {
      const { clock, governor } = setup({ store });
      const fetch = countingFetch(clock, () => ({ ok: true }));
      await governor.read({ op: 'houseDetails', language: 'nl', params: { houseId: 'H1' }, fetch });
      expect(fetch.calls).toHaveLength(1);
      await own.stop();

      const outcomes = await Promise.allSettled([
        governor.read({ op: 'houseDetails', language: 'nl', params: { houseId: 'H1' }, fetch }),
        governor.read({ op: 'houseDetails', language: 'nl', params: { houseId: 'H2' }, fetch }),
        governor.write({ op: 'preRegisterReservation', fetch }),
        governor.write({ op: 'finalizeReservation', fetch }),
      ]);
      // H1 was seen by this instance: browsing is answered from its local copy.
      const [h1, ...rest] = outcomes;
      expect(h1?.status).toBe('fulfilled');
      for (const o of rest) {
        expect(o.status).toBe('rejected');
        if (o.status === 'rejected')
          expect(o.reason).toMatchObject({ code: 'unavailable', notSent: true, retryAfterSeconds: 5 });
      }
      expect(fetch.calls).toHaveLength(1);
      expect(await store.ping()).toBe(false);
      expect((await governor.stats()).quotaRemaining).toBeNull();
    } finally {
      await store.close();
      await own.stop();
    }
  });

  it('denies every call when Redis was never reachable', async () => {
    const gone = await startRedis();
    await gone.stop();
    const store = createStore({ redisUrl: gone.url, keyPrefix: 'never:' });
    try {
      const { clock, governor } = setup({ store });
      const fetch = countingFetch(clock, () => 1);
      await expect(
        governor.read({ op: 'parkData', language: 'nl', params: {}, fetch }),
      ).rejects.toMatchObject({ code: 'unavailable', notSent: true });
      await expect(governor.write({ op: 'finalizeReservation', fetch })).rejects.toMatchObject({
        code: 'unavailable',
      });
      expect(fetch.calls).toHaveLength(0);
      expect(
        await store.takeToken(
          bucketParams(sizeQuota(100)),
          'booking',
          clock.now(),
        ),
      ).toMatchObject({
        granted: false,
        storeUnavailable: true,
      });
    } finally {
      await store.close();
    }
  });
});
