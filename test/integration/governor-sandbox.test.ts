import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerFetch } from '@/lib/partner-api/client';
import { parsePartnerConfig, type PartnerConfig } from '@/lib/partner-api/config';
import { isPartnerError } from '@/lib/partner-api/errors';
import { PARTNER_OPERATIONS } from '@/lib/partner-api/operation-policy';
import { HousesSearchResultSchema } from '@/lib/partner-api/schemas';
import { createStore } from '@/lib/upstream/create-store';
import { FakeClock, flush } from '@/lib/upstream/testing/fake-clock';
import { setup, SECOND, MINUTE } from '@/lib/upstream/testing/governor';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import { startRedis, type RedisServer } from '../redis';
import { hooks } from './helpers';

/**
 * The governor with the real checked fetch against the real sandbox, on a fake clock so that
 * pauses and cache ages can be crossed without waiting: the shared quota, the fleet-wide pause
 * after a 429 and the shared cache.
 */

let sandbox: SandboxHandle;
let sb: ReturnType<typeof hooks>;
let config: PartnerConfig;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, latencyMs: 0, rateLimitPerMin: 10_000 });
  sb = hooks(sandbox.url);
  // The sandbox answers in this process: on a loaded machine a burst of a dozen searches can take
  // seconds, and timeouts would open the circuit, which is not what these tests are about.
  config = parsePartnerConfig({ SANDBOX_URL: sandbox.url, PARTNER_TIMEOUT_MS: '8000' });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await sb.reset();
});

function searchRead(
  governor: ReturnType<typeof setup>['governor'],
  adults: number,
  child0512 = 0,
  onCall?: () => void,
) {
  const query = { adults, child0512 };
  return governor.read({
    op: 'searchHouses',
    language: 'EN',
    params: query,
    deadlineMs: 5 * SECOND,
    fetch: (signal) => {
      onCall?.();
      return partnerFetch('searchHouses', HousesSearchResultSchema, { query, signal }, config);
    },
  });
}

/** Drives the fake clock until a promise settles (retries sleep on it). */
async function settle<T>(clock: FakeClock, promise: Promise<T>): Promise<T> {
  let done = false;
  const tracked = promise.finally(() => (done = true));
  tracked.catch(() => undefined);
  for (let i = 0; i < 200 && !done; i++) await clock.advance(100);
  return tracked;
}

const calls = async () => (await sb.stats()).calls.byOperation.searchHouses ?? 0;

describe('429 from the partner', () => {
  for (const variant of [
    { name: 'status 429 with Retry-After seconds', fault: { retryAfter: '7' }, pauseMs: 7 * SECOND },
    { name: 'body-only code 429', fault: { bodyOnly: true, retryAfter: '7' }, pauseMs: 7 * SECOND },
    { name: 'status 429 without Retry-After', fault: {}, pauseMs: 60 * SECOND },
  ]) {
    it(`pauses every call until the pause ends and serves stale meanwhile (${variant.name})`, async () => {
      const clock = new FakeClock();
      const { governor } = setup({ operations: PARTNER_OPERATIONS, clock, maxQueueMs: 0 });
      expect((await searchRead(governor, 2)).cache).toBe('miss');
      await clock.advance(2 * MINUTE); // stale now (fresh for 60 s)
      await sb.fault({ operation: 'searchHouses', type: 'rateLimit', count: 1, ...variant.fault });

      const stale = await searchRead(governor, 2);
      expect(stale.cache).toBe('stale');
      await governor.idle(); // the background refresh met the 429
      const afterRefresh = await calls();
      expect(afterRefresh).toBe(2);

      // Paused: an uncached read makes no partner call and says when to retry.
      const err = await searchRead(governor, 3).catch((e: unknown) => e);
      expect(isPartnerError(err) && err.notSent).toBe(true);
      expect(isPartnerError(err) && (err.retryAfterSeconds ?? 0) > 0).toBe(true);
      expect((await searchRead(governor, 2)).cache).toBe('stale');
      await clock.advance(variant.pauseMs - SECOND);
      await searchRead(governor, 3).catch(() => undefined);
      expect(await calls()).toBe(afterRefresh);

      await clock.advance(2 * SECOND);
      expect((await searchRead(governor, 3)).cache).toBe('miss');
      expect(await calls()).toBe(afterRefresh + 1);
    });
  }
});

describe('partner down', () => {
  it('serves stale data when the partner is gone, and a generic unavailable error otherwise', async () => {
    const own = await startSandbox({ port: 0, latencyMs: 0 });
    const ownConfig = parsePartnerConfig({ SANDBOX_URL: own.url, PARTNER_TIMEOUT_MS: '500' });
    const clock = new FakeClock();
    const { governor } = setup({ operations: PARTNER_OPERATIONS, clock, maxQueueMs: 0 });
    const read = (adults: number) =>
      governor.read({
        op: 'searchHouses',
        language: 'NL',
        params: { adults },
        deadlineMs: 3 * SECOND,
        fetch: (signal) =>
          partnerFetch('searchHouses', HousesSearchResultSchema, { query: { adults }, signal }, ownConfig),
      });
    const first = await read(2);
    await own.close();
    await clock.advance(20 * MINUTE); // past the stale age: served only because the partner fails
    const fallback = await settle(clock, read(2));
    expect(fallback.cache).toBe('stale');
    expect(fallback.value).toEqual(first.value);
    const err = await settle(clock, read(4)).catch((e: unknown) => e);
    // The connection is refused; retries may end on the read reserve of the quota instead.
    expect(isPartnerError(err) && ['unavailable', 'quota_exhausted'].includes(err.code)).toBe(true);
  });
});

describe('two instances on one Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('stay within one quota together and share the cache', async () => {
    const clock = new FakeClock();
    // A loaded test machine can keep redis-server itself from answering within production's
    // 500 ms, which the limiter rightly treats as Redis being down; this test is about the shared
    // quota, not that.
    const storeA = createStore({ redisUrl: redis.url, keyPrefix: 'it2:', commandTimeoutMs: 5_000 });
    const storeB = createStore({ redisUrl: redis.url, keyPrefix: 'it2:', commandTimeoutMs: 5_000 });
    const a = setup({ operations: PARTNER_OPERATIONS, clock, store: storeA, maxQueueMs: 0 }).governor;
    const b = setup({ operations: PARTNER_OPERATIONS, clock, store: storeB, maxQueueMs: 0 }).governor;
    try {
      const callTimes: number[] = [];
      const errors: string[] = [];
      // Three simulated minutes of distinct searches from both instances, a burst every 5 s.
      for (let step = 0; step < 36; step++) {
        const burst = Array.from({ length: 12 }, (_, i) => {
          const k = step * 12 + i;
          return searchRead(i % 2 === 0 ? a : b, 1 + (k % 20), Math.floor(k / 20) % 10, () =>
            callTimes.push(clock.now()),
          ).then(
            () => undefined,
            (e: unknown) =>
              errors.push(
                isPartnerError(e) && e.code === 'quota_exhausted'
                  ? e.code
                  : `${String(e)} ${JSON.stringify(e)}`,
              ),
          );
        });
        await Promise.all(burst);
        // The refreshes of stale entries the burst started run in the background on real
        // sockets; the shared clock moves on once they are done, as it would not jump past them.
        await Promise.all([a.idle(), b.idle()]);
        await flush();
        await clock.advance(5 * SECOND);
      }
      const partnerCalls = await calls();
      expect(new Set(errors)).toEqual(new Set(['quota_exhausted']));
      // Every attempt the governor sent spent a token; on a loaded machine an attempt can fail in
      // transit (and be retried) before the sandbox counts it, so the sandbox may see a few less,
      // never more.
      expect(partnerCalls).toBeLessThanOrEqual(callTimes.length);
      expect(partnerCalls).toBeGreaterThanOrEqual(callTimes.length - 10);
      // No 60-second window (on the shared clock) holds more than 90 calls of both instances.
      const worst = Math.max(
        ...callTimes.map((t) => callTimes.filter((u) => u >= t && u < t + MINUTE).length),
      );
      expect(worst).toBeLessThanOrEqual(90);
      expect(worst).toBeGreaterThanOrEqual(50); // saturated: the bound is what held it
      const [statsA, statsB] = await Promise.all([a.stats(), b.stats()]);
      expect(statsA.upstreamCalls).toBeGreaterThan(0);
      expect(statsB.upstreamCalls).toBeGreaterThan(0);

      // A's answer is B's cache hit: a party neither has asked for, once the bucket has refilled.
      await a.idle();
      await b.idle();
      await clock.advance(MINUTE);
      const before = await calls();
      expect((await searchRead(a, 21)).cache).toBe('miss');
      expect((await searchRead(b, 21)).cache).toBe('hit');
      expect(await calls()).toBe(before + 1);
    } finally {
      await storeA.close();
      await storeB.close();
    }
  });

  it('with Redis gone, serves browsing from stale, refuses bookings, and makes no partner call', async () => {
    const own = await startRedis();
    const clock = new FakeClock();
    const store = createStore({ redisUrl: own.url, keyPrefix: 'down:' });
    const { governor } = setup({ operations: PARTNER_OPERATIONS, clock, store, maxQueueMs: 0 });
    try {
      const first = await searchRead(governor, 2);
      expect(first.cache).toBe('miss');
      await own.stop();
      await clock.advance(5 * MINUTE);
      const before = await calls();
      const served = await settle(clock, searchRead(governor, 2));
      expect(served.cache).toBe('stale');
      expect(served.value).toEqual(first.value);
      const fresh = await settle(clock, searchRead(governor, 7)).catch((e: unknown) => e);
      expect(isPartnerError(fresh)).toBe(true);
      const booking = await governor
        .write({ op: 'preRegisterReservation', fetch: async () => 'should not run' })
        .catch((e: unknown) => e);
      expect(isPartnerError(booking) && booking.status).toBe(503);
      expect(await calls()).toBe(before);
    } finally {
      await store.close();
    }
  });
});
