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
  it('sizes the default partner limit to 90 a minute with a burst of 9 and a reserve of 4', () => {
    expect(sizeQuota(100)).toEqual({
      limitPerMin: 100,
      budgetPerMin: 90,
      capacity: 9,
      refillPerMin: 81,
      reserve: 4,
    });
  });

  it('keeps burst + rate·60 s equal to the budget and a full bucket above the reserve, for any limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 100_000 }), (limit) => {
        const s = sizeQuota(limit);
        expect(s.capacity + s.refillPerMin).toBe(s.budgetPerMin);
        expect(s.budgetPerMin).toBeLessThanOrEqual(limit * 0.9);
        expect(s.capacity).toBeGreaterThan(s.reserve);
        expect(s.refillPerMin).toBeGreaterThan(0);
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
    // A call every millisecond for a minute: tokens come every 60 000 / 81 ms, the 81st exactly at 60 s.
    const flood = [
      { gap: 0, kind: 'booking' as const, count: 1 },
      ...Array.from({ length: 61_000 }, () => ({ gap: 1, kind: 'booking' as const, count: 1 })),
    ];
    const { grants } = await replay(flood, T0, (kind, now) => bucket.take(kind, now));
    expect(maxGrantsInAnyMinute(grants)).toBe(90);
  });

  it('grants a booking call whenever a token exists, and a read only above the reserve', async () => {
    await fc.assert(
      fc.asyncProperty(arrivals(120), async (bursts) => {
        const bucket = pureBucket(100);
        await replay(bursts, T0, (kind, now) => {
          const before = bucket.tokens(now);
          const result = bucket.take(kind, now);
          expect(result.granted).toBe(kind === 'booking' ? before >= 1 : before > 4);
          // A read never dips into the reserve.
          if (kind === 'read' && result.granted) expect(bucket.tokens(now)).toBeGreaterThanOrEqual(4);
          return result;
        });
      }),
      { numRuns: 200 },
    );
  });

  it('admits every booking call while reads saturate, as long as bookings come no faster than the refill', async () => {
    const sizing = sizeQuota(100);
    const bookingGapMs = Math.ceil(60_000 / sizing.refillPerMin);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ gap: fc.integer({ min: 0, max: 400 }), reads: fc.integer({ min: 0, max: 30 }) }),
          { maxLength: 200 },
        ),
        fc.integer({ min: 0, max: 5_000 }),
        async (readBursts, firstBooking) => {
          const bucket = pureBucket(100);
          let now = T0;
          let nextBooking = T0 + firstBooking;
          for (const burst of readBursts) {
            now += burst.gap;
            while (nextBooking <= now) {
              expect(bucket.take('booking', nextBooking).granted).toBe(true);
              nextBooking += bookingGapMs;
            }
            for (let i = 0; i < burst.reads; i += 1) bucket.take('read', now);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names the exact wait: a take at retryAfterMs succeeds, one millisecond earlier it does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom<QuotaKind>('read', 'booking'),
        (drained, kind) => {
          const params = bucketParams(sizeQuota(100));
          let state: BucketState | undefined;
          for (let i = 0; i < drained; i += 1) state = take(state, params, 'booking', T0).state;
          const first = take(state, params, kind, T0);
          if (first.result.granted) return;
          const wait = first.result.retryAfterMs;
          expect(take(first.state, params, kind, T0 + wait - 1).result.granted).toBe(false);
          expect(take(first.state, params, kind, T0 + wait).result.granted).toBe(true);
        },
      ),
    );
  });

  it('does not refill for a caller whose clock lags behind the bucket', () => {
    const params = bucketParams(sizeQuota(100));
    let state: BucketState | undefined;
    for (let i = 0; i < 9; i += 1) state = take(state, params, 'booking', T0 + 10_000).state;
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
