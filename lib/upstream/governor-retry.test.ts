import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { mulberry32 } from '@/sandbox/src/prng';

import { countingFetch, deferred, fail, setup } from './testing/governor';
import { scopedDeadline, underDeadline } from './deadline-scope';
import { RETRY_POLICY } from './policy';
import { backoffMs } from './retry';

const read = { op: 'searchHouses', language: 'nl', params: { adults: 2 } } as const;

describe('read retries', () => {
  it('tries a read at most three times, spaced by capped full-jitter backoff', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.constantFrom('unavailable' as const, 'timeout' as const),
        async (seed, code) => {
          const expected = mulberry32(seed);
          const { clock, governor } = setup({ random: mulberry32(seed) });
          const fetch = countingFetch(clock, fail(code));
          await expect(clock.settle(governor.read({ ...read, fetch }))).rejects.toMatchObject({ code });
          expect(fetch.calls).toHaveLength(3);
          const [a = 0, b = 0, c = 0] = fetch.calls;
          const gaps = [b - a, c - b];
          gaps.forEach((gap, retry) => {
            const ceiling = Math.min(RETRY_POLICY.capMs, RETRY_POLICY.baseMs * 2 ** retry);
            expect(gap).toBeGreaterThanOrEqual(0);
            expect(gap).toBeLessThan(ceiling);
            expect(gap).toBe(Math.floor(expected() * ceiling));
          });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps backoff within [0, min(cap, base·2^n)) for any random source value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, r) => {
          const wait = backoffMs(retry, () => r);
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThan(Math.min(RETRY_POLICY.capMs, RETRY_POLICY.baseMs * 2 ** retry));
        },
      ),
    );
  });

  it('does not retry past the deadline', async () => {
    const { clock, governor } = setup({ random: () => 0.99 });
    const fetch = countingFetch(clock, fail('unavailable'));
    const start = clock.now();
    // Backoffs would be 99 ms then 198 ms; the second cannot start before a 150-ms deadline.
    await expect(clock.settle(governor.read({ ...read, deadlineMs: 150, fetch }))).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(fetch.calls.map((t) => t - start)).toEqual([0, 99]);
  });

  it('gives up on a hanging partner at the deadline and does not retry', async () => {
    const { clock, governor } = setup();
    const hang = deferred<never>();
    let signal: AbortSignal | undefined;
    const start = clock.now();
    const pending = governor.read({
      ...read,
      deadlineMs: 3_000,
      fetch: (s) => {
        signal = s;
        return hang.promise;
      },
    });
    await expect(clock.settle(pending)).rejects.toMatchObject({ code: 'timeout' });
    expect(clock.now() - start).toBe(3_000);
    // The partner call's own deadline falls at the same instant: it is aborted, and no timer is left armed.
    await clock.advance(0);
    expect(signal?.aborted).toBe(true);
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not retry answers that would not change', async () => {
    for (const code of ['bad_gateway', 'invalid_input', 'unauthorized', 'not_found'] as const) {
      const { clock, governor } = setup();
      const fetch = countingFetch(clock, fail(code));
      await expect(clock.settle(governor.read({ ...read, fetch }))).rejects.toMatchObject({ code });
      expect(fetch.calls).toHaveLength(1);
    }
  });
});

describe('one deadline for the reads of a request', () => {
  it('ends two reads in turn against a hanging partner within the one deadline, the second unsent', async () => {
    const { clock, governor } = setup();
    const hang = countingFetch(clock, () => deferred<never>().promise);
    const start = clock.now();
    const both = underDeadline(start + 3_000, async () => {
      await governor.read({ ...read, fetch: hang }).catch(() => undefined);
      return governor.read({ ...read, params: { adults: 3 }, fetch: hang });
    });
    await expect(clock.settle(both)).rejects.toMatchObject({ code: 'timeout', notSent: true });
    expect(clock.now() - start).toBe(3_000);
    expect(hang.calls).toHaveLength(1);
  });

  it('still serves an older answer once the deadline has passed', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, () => ({ houses: 1 }));
    await clock.settle(governor.read({ ...read, fetch }));
    await clock.advance(20 * 60_000);
    const late = underDeadline(clock.now() - 1, () => governor.read({ ...read, fetch }));
    await expect(clock.settle(late)).resolves.toMatchObject({ cache: 'stale', value: { houses: 1 } });
    expect(fetch.calls).toHaveLength(1);
  });

  it('keeps the earlier deadline when scopes nest', async () => {
    const seen = await underDeadline(1_000, () => underDeadline(5_000, async () => scopedDeadline()));
    expect(seen).toBe(1_000);
    expect(scopedDeadline()).toBeUndefined();
  });
});

describe('writes are never retried', () => {
  it('makes exactly one attempt when the request may have reached the partner', async () => {
    for (const code of ['timeout', 'unavailable', 'bad_gateway', 'conflict'] as const) {
      const { clock, governor } = setup();
      const fetch = countingFetch(clock, fail(code));
      await expect(clock.settle(governor.write({ op: 'finalizeReservation', fetch }))).rejects.toMatchObject({
        code,
      });
      expect(fetch.calls).toHaveLength(1);
    }
  });

  it('retries once when the connection was refused, since the request never left', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => {
      if (n === 1) throw fail('unavailable', { notSent: true })();
      return { transactionId: 't-1' };
    });
    expect(await clock.settle(governor.write({ op: 'preRegisterReservation', fetch }))).toEqual({
      transactionId: 't-1',
    });
    expect(fetch.calls).toHaveLength(2);

    const refused = countingFetch(clock, fail('unavailable', { notSent: true }));
    await expect(
      clock.settle(governor.write({ op: 'finalizeReservation', fetch: refused })),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(refused.calls).toHaveLength(2);
  });

  it('does not retry a request refused before sending for a reason that would repeat', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, fail('invalid_input', { notSent: true }));
    await expect(clock.settle(governor.write({ op: 'preRegisterReservation', fetch }))).rejects.toMatchObject(
      { code: 'invalid_input' },
    );
    expect(fetch.calls).toHaveLength(1);
  });
});
