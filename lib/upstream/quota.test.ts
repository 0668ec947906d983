import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MemoryStore } from './memory-store';
import { sizeQuota } from './policy';
import { bucketParams, take, tokensAvailable, type BucketState, type QuotaKind } from './token-bucket';
import { arrivals, maxGrantsInAnyMinute, replay } from './testing/quota';

const T0 = Date.UTC(2030, 0, 1);

/** A bucket driven by the pure core, as the memory store drives it. */
function pureBucket(limitPerMin: number) {
  const params = bucketParams(sizeQuota(limitPerMin));
  let state: BucketState | undefined;
  return {
    take(kind: QuotaKind, now: number) {
      const next = take(state, params, kind, now);
      state = next.state;
      return next.result;
    },
    tokens: (now: number) => tokensAvailable(state, params, now),
  };
}

describe('quota sizing', () => {
  it('sizes the default partner limit to 90 a minute with a burst of 45 and a reserve of 4', () => {
    expect(sizeQuota(100)).toEqual({
      limitPerMin: 100,
      budgetPerMin: 90,
      capacity: 45,
      refillPerMin: 90,
      reserve: 4,
    });
  });

  it('refills the budget a minute, and a full bucket admits a read that the minute has room for, for any limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 100_000 }), (limit) => {
        const s = sizeQuota(limit);
        expect(s.refillPerMin).toBe(s.budgetPerMin);
        expect(s.budgetPerMin).toBeLessThanOrEqual(limit * 0.9);
        expect(s.capacity).toBeGreaterThan(s.reserve);
        expect(s.capacity).toBeLessThanOrEqual(s.budgetPerMin - 2 * s.reserve);
      }),
    );
  });

  it('refuses limits too small to hold a reserve', () => {
    expect(() => sizeQuota(9)).toThrow(RangeError);
    expect(() => sizeQuota(50.5)).toThrow(RangeError);
  });
});

describe('token bucket', () => {
  it('never grants more than the budget in any 60-s window, for any arrival sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(100, 10, 37, 600), arrivals(150), async (limit, bursts) => {
        const bucket = pureBucket(limit);
        const { grants } = await replay(bursts, T0, (kind, now) => bucket.take(kind, now));
        expect(maxGrantsInAnyMinute(grants)).toBeLessThanOrEqual(sizeQuota(limit).budgetPerMin);
      }),
      { numRuns: 300 },
    );
  });

  it('reaches the budget under a flood, so the bound above is tight rather than vacuous', async () => {
    const bucket = pureBucket(100);
    // A call every millisecond for a minute: the burst at once, then a token every 60 000 / 90 ms.
    const flood = [
      { gap: 0, kind: 'booking' as const, count: 1 },
      ...Array.from({ length: 61_000 }, () => ({ gap: 1, kind: 'booking' as const, count: 1 })),
    ];
    const { grants } = await replay(flood, T0, (kind, now) => bucket.take(kind, now));
    expect(maxGrantsInAnyMinute(grants)).toBe(90);
  });

  it('grants a booking call whenever a token and the minute have room, and a read only above both reserves', async () => {
    await fc.assert(
      fc.asyncProperty(arrivals(120), async (bursts) => {
        const bucket = pureBucket(100);
        const granted: number[] = [];
        await replay(bursts, T0, (kind, now) => {
          const before = bucket.tokens(now);
          const inMinute = granted.filter((at) => at >= now - 60_000).length;
          const result = bucket.take(kind, now);
          if (result.granted) granted.push(now);
          expect(result.granted).toBe(
            kind === 'booking' ? before >= 1 && inMinute < 90 : before > 4 && inMinute < 90 - 8,
          );
          // A read never dips into the reserve.
          if (kind === 'read' && result.granted) expect(bucket.tokens(now)).toBeGreaterThanOrEqual(4);
          return result;
        });
      }),
      { numRuns: 200 },
    );
  });

  it('admits each of the five calls of a booking, a second apart, while reads saturate, one booking a minute', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ gap: fc.integer({ min: 0, max: 400 }), reads: fc.integer({ min: 0, max: 30 }) }),
          { maxLength: 400 },
        ),
        fc.integer({ min: 0, max: 5_000 }),
        async (readBursts, firstBooking) => {
          const bucket = pureBucket(100);
          let now = T0;
          let booking = T0 + firstBooking;
          const calls = () => Array.from({ length: 5 }, (_, call) => booking + call * 1_000);
          let due = calls();
          for (const burst of readBursts) {
            now += burst.gap;
            while (due[0] !== undefined && due[0] <= now) {
              expect(bucket.take('booking', due.shift()!).granted).toBe(true);
              if (due.length === 0) {
                booking += 60_000;
                due = calls();
              }
            }
            for (let i = 0; i < burst.reads; i += 1) bucket.take('read', now);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lets two guests behind one address open twenty house pages in twenty seconds, each read waiting at most the browsing queue', () => {
    // A house page costs two or three reads when its data is not cached: 50 reads in 20 s, far
    // under the minute's budget, which a fair limit serves without a "busy" page.
    const params = bucketParams(sizeQuota(100));
    let state: BucketState | undefined;
    const waits: number[] = [];
    for (let tab = 0; tab < 20; tab += 1) {
      for (let read = 0; read < (tab % 2 === 0 ? 3 : 2); read += 1) {
        let now = T0 + tab * 1_000;
        let next = take(state, params, 'read', now);
        while (!next.result.granted && now - (T0 + tab * 1_000) <= 2_000) {
          now += next.result.retryAfterMs;
          next = take(next.state, params, 'read', now);
        }
        state = next.state;
        waits.push(next.result.granted ? now - (T0 + tab * 1_000) : Infinity);
      }
    }
    expect(waits.filter((wait) => wait > 2_000)).toEqual([]);
  });

  it('names the exact wait: a take at retryAfterMs succeeds, one millisecond earlier it does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 140 }),
        fc.integer({ min: 0, max: 1_500 }),
        fc.constantFrom<QuotaKind>('read', 'booking', 'spare'),
        (drained, gapMs, kind) => {
          // Drained fast the bucket is the limit; drained slowly, the minute's count.
          const params = bucketParams(sizeQuota(100));
          let state: BucketState | undefined;
          for (let i = 0; i < drained; i += 1) state = take(state, params, 'booking', T0 + i * gapMs).state;
          const at = T0 + drained * gapMs;
          const first = take(state, params, kind, at);
          if (first.result.granted) return;
          const wait = first.result.retryAfterMs;
          expect(take(first.state, params, kind, at + wait - 1).result.granted).toBe(false);
          expect(take(first.state, params, kind, at + wait).result.granted).toBe(true);
        },
      ),
    );
  });

  it('does not refill for a caller whose clock lags behind the bucket', () => {
    const params = bucketParams(sizeQuota(100));
    let state: BucketState | undefined;
    for (let i = 0; i < sizeQuota(100).capacity; i += 1) state = take(state, params, 'booking', T0 + 10_000).state;
    expect(take(state, params, 'booking', T0).result.granted).toBe(false);
  });

  it('is what the memory store runs', async () => {
    const store = new MemoryStore();
    const params = bucketParams(sizeQuota(100));
    const bucket = pureBucket(100);
    const bursts = fc.sample(arrivals(80), { numRuns: 5, seed: 7 });
    for (const b of bursts) {
      const fromStore = await replay(b, T0, (kind, now) => store.takeToken(params, kind, now));
      const fromCore = await replay(b, T0, (kind, now) => bucket.take(kind, now));
      expect(fromStore.decisions).toEqual(fromCore.decisions);
    }
  });
});
