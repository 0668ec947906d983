import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRedis, type RedisServer } from '@/test/redis';

import { sizeQuota } from './policy';
import { bucketParams, take, type BucketState } from './token-bucket';
import { arrivals, maxGrantsInAnyMinute, replay } from './testing/quota';
import { RedisStore } from './redis-store';

const T0 = Date.UTC(2030, 0, 1);

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

describe('token bucket in Redis (one Lua script)', () => {
  it('keeps every 60-s window within the budget and decides exactly as the pure core, for any arrival sequence', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(100, 10, 600), arrivals(60), async (limit, bursts) => {
        run += 1;
        // A fresh bucket per run: the script never lets `ts` go back, so runs must not share one.
        const store = new RedisStore({ url: redis.url, keyPrefix: `quota-prop-${run}:` });
        try {
          const params = bucketParams(sizeQuota(limit));
          let state: BucketState | undefined;
          const fromRedis = await replay(bursts, T0, (kind, now) => store.takeToken(params, kind, now));
          const fromCore = await replay(bursts, T0, (kind, now) => {
            const next = take(state, params, kind, now);
            state = next.state;
            return next.result;
          });
          expect(fromRedis.decisions).toEqual(fromCore.decisions);
          expect(maxGrantsInAnyMinute(fromRedis.grants)).toBeLessThanOrEqual(sizeQuota(limit).budgetPerMin);
        } finally {
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('admits the calls of a booking every ten seconds past saturating reads', async () => {
    const store = new RedisStore({ url: redis.url, keyPrefix: 'quota-share:' });
    try {
      const params = bucketParams(sizeQuota(100));
      let now = T0;
      for (let step = 0; step < 1_000; step += 1) {
        now += 250;
        for (let i = 0; i < 5; i += 1) await store.takeToken(params, 'read', now);
        // Reads stop at the reserve of 4 tokens and leave twice that of each minute, so six
        // booking calls a minute always find room.
        if (step % 40 === 0) expect(await store.takeToken(params, 'booking', now)).toEqual({ granted: true });
        expect(await store.tokensAvailable(params, now)).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await store.close();
    }
  });
});
