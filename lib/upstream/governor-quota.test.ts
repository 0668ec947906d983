import { describe, expect, it } from 'vitest';

import { sizeQuota } from './policy';
import { asBookingPage, asBookingStep } from './priority';
import { countingFetch, MINUTE, setup } from './testing/governor';

const { capacity, reserve, refillPerMin } = sizeQuota(100);
/** Reads a full bucket admits before only the booking reserve is left. */
const BROWSING = capacity - reserve;

const house = (houseId: string) => ({ op: 'houseDetails', language: 'nl', params: { houseId } }) as const;

describe('governor quota', () => {
  it('admits reads until only the booking reserve is left, then bookings take the reserve', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, () => 1);
    // A full bucket less the reserve at once; the next read is refused without a call.
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch, deadlineMs: 500 });
    await expect(governor.read({ ...house('next'), fetch, deadlineMs: 500 })).rejects.toMatchObject({
      code: 'quota_exhausted',
      notSent: true,
      retryAfterSeconds: 1,
    });
    expect(fetch.calls).toHaveLength(BROWSING);
    expect((await governor.stats()).quotaRemaining).toBe(reserve);
    for (let i = 0; i < reserve; i += 1)
      await governor.write({ op: 'preRegisterReservation', fetch, deadlineMs: 500 });
    await expect(governor.write({ op: 'finalizeReservation', fetch, deadlineMs: 500 })).rejects.toMatchObject(
      { code: 'quota_exhausted' },
    );
    expect(fetch.calls).toHaveLength(capacity);
  });

  it('lets a booking wait longer for a token than browsing, so an emptied reserve delays a guest instead of refusing them', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, () => 1);
    // Spend every token: reads take the browsing share, writes the reserve.
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch, deadlineMs: 9_000 });
    for (let i = 0; i < reserve; i += 1) await governor.write({ op: 'preRegisterReservation', fetch, deadlineMs: 9_000 });
    // Browsing gives up after its short queue: the reserve must refill first.
    await expect(governor.read({ ...house('X'), fetch, deadlineMs: 9_000 })).rejects.toMatchObject({
      code: 'quota_exhausted',
    });
    // A booking step needs four tokens at once (three re-check reads and the pre-register):
    // more than two seconds of refill, longer than browsing may wait, shorter than a booking may.
    const started = clock.now();
    await clock.settle(
      asBookingStep(() =>
        Promise.all([
          governor.read({ ...house('B1'), fetch, deadlineMs: 9_000 }),
          governor.read({ ...house('B2'), fetch, deadlineMs: 9_000 }),
          governor.read({ ...house('B3'), fetch, deadlineMs: 9_000 }),
        ]),
      ),
    );
    await clock.settle(governor.write({ op: 'preRegisterReservation', fetch, deadlineMs: 15_000 }));
    expect(clock.now() - started).toBeGreaterThan(2_000);
    expect(fetch.calls).toHaveLength(capacity + 4);
  });

  it('lets the reads of a booking page wait for a token as long as a booking step, but never from the reserve', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, () => 1);
    // The house page the guest just read took the browsing share: only the reserve is left.
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch, deadlineMs: 5_000 });
    const fourReads = (prefix: string) =>
      Promise.all(
        [1, 2, 3, 4].map((n) => governor.read({ ...house(`${prefix}${n}`), fetch, deadlineMs: 5_000 })),
      );
    // Browsing: the fourth token above the reserve comes after about 2.7 s, past the browsing queue.
    await expect(clock.settle(fourReads('S'))).rejects.toMatchObject({ code: 'quota_exhausted' });
    await clock.advance(MINUTE);
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`R${i}`), fetch, deadlineMs: 5_000 });
    expect((await governor.stats()).quotaRemaining).toBe(reserve);
    // The same four reads for a booking page wait for their tokens and are all answered.
    const started = clock.now();
    const page = await clock.settle(asBookingPage(() => fourReads('P')));
    expect(page.map((r) => r.cache)).toEqual(['miss', 'miss', 'miss', 'miss']);
    expect(clock.now() - started).toBeGreaterThan(2_000);
    // They came from the browsing share: the reserve is still whole, and when no token can come
    // before the deadline a booking page's read is refused where a booking step's is not.
    expect((await governor.stats()).quotaRemaining).toBe(reserve);
    const late = (wrap: typeof asBookingPage) => wrap(() => governor.read({ ...house('B1'), fetch, deadlineMs: 500 }));
    await expect(late(asBookingPage)).rejects.toMatchObject({ code: 'quota_exhausted' });
    expect((await late(asBookingStep)).cache).toBe('miss');
  });

  it('admits a price quote for browsing only from the browsing share, and inside a booking step from the reserve', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, () => 1);
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch, deadlineMs: 500 });
    const quote = (houseId: string) =>
      governor.read({
        op: 'priceSpecifications',
        language: 'nl',
        params: { houseId, adults: 2 },
        fetch,
        deadlineMs: 500,
      });
    // Only the reserve is left: an anonymous quote may not spend it.
    await expect(quote('H1')).rejects.toMatchObject({ code: 'quota_exhausted', notSent: true });
    expect((await governor.stats()).quotaRemaining).toBe(reserve);
    expect((await asBookingStep(() => quote('H1'))).cache).toBe('miss');
    expect(fetch.calls).toHaveLength(BROWSING + 1);
  });

  it('admits the reads of a booking step from the booking share, but not their background refreshes', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, () => 1);
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch, deadlineMs: 500 });
    // Browsing is out of tokens; the same read inside a booking step still goes through.
    await expect(governor.read({ ...house('B1'), fetch, deadlineMs: 500 })).rejects.toMatchObject({
      code: 'quota_exhausted',
    });
    const inStep = await asBookingStep(() => governor.read({ ...house('B1'), fetch, deadlineMs: 500 }));
    expect(inStep.cache).toBe('miss');
    expect(fetch.calls).toHaveLength(BROWSING + 1);

    // A stale entry read in a booking step is served, and its refresh waits for a browsing token.
    await clock.advance(6 * MINUTE);
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`R${i}`), fetch, deadlineMs: 500 });
    const before = fetch.calls.length;
    const stale = await asBookingStep(() => governor.read({ ...house('H0'), fetch, deadlineMs: 500 }));
    expect(stale.cache).toBe('stale');
    await governor.idle();
    expect(fetch.calls).toHaveLength(before);
    expect((await governor.stats()).quotaRemaining).toBe(reserve);
  });

  it('waits for the next token when it comes before the deadline', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, () => 1);
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch });
    const start = clock.now();
    await clock.settle(governor.read({ ...house('next'), fetch, deadlineMs: 5_000 }));
    // One token every 60 000 / 90 ms.
    expect(fetch.calls.at(-1)! - start).toBe(Math.ceil(60_000 / refillPerMin));
  });

  it('does not queue longer than maxQueueMs even within the deadline', async () => {
    const { clock, governor } = setup({ maxQueueMs: 0 });
    const fetch = countingFetch(clock, () => 1);
    for (let i = 0; i < BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch });
    await expect(governor.read({ ...house('next'), fetch, deadlineMs: 5_000 })).rejects.toMatchObject({
      code: 'quota_exhausted',
    });
  });

  it('serves an old entry instead of a 503 when the quota is spent', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => n);
    await governor.read({ ...house('H0'), fetch });
    await clock.advance(2 * 60 * MINUTE); // houseDetails: past stale, within error age
    for (let i = 1; i <= BROWSING; i += 1) await governor.read({ ...house(`H${i}`), fetch, deadlineMs: 500 });
    await expect(governor.read({ ...house('next'), fetch, deadlineMs: 500 })).rejects.toMatchObject({
      code: 'quota_exhausted',
    });
    expect(await governor.read({ ...house('H0'), fetch, deadlineMs: 500 })).toMatchObject({
      cache: 'stale',
      value: 1,
    });
    expect(fetch.calls).toHaveLength(BROWSING + 1);
  });
});
