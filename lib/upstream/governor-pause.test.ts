import { describe, expect, it } from 'vitest';

import { countingFetch, fail, MINUTE, SECOND, setup } from './testing/governor';

const read = (houseId: string) => ({ op: 'houseDetails', language: 'nl', params: { houseId } }) as const;

describe('429 pauses every call', () => {
  it('honours Retry-After: no call leaves until the pause ends', async () => {
    const { clock, governor } = setup();
    const limited = countingFetch(clock, fail('rate_limited', { upstreamStatus: 429, retryAfterSeconds: 7 }));
    await expect(governor.read({ ...read('H1'), fetch: limited })).rejects.toMatchObject({
      code: 'rate_limited',
      notSent: false,
    });
    expect(limited.calls).toHaveLength(1);

    const fetch = countingFetch(clock, () => ({ ok: true }));
    await clock.advance(6 * SECOND);
    await expect(governor.read({ ...read('H2'), fetch })).rejects.toMatchObject({
      code: 'rate_limited',
      notSent: true,
      retryAfterSeconds: 1,
    });
    await expect(governor.write({ op: 'preRegisterReservation', fetch })).rejects.toMatchObject({
      code: 'rate_limited',
      notSent: true,
    });
    await clock.advance(999);
    await expect(governor.read({ ...read('H2'), fetch })).rejects.toMatchObject({ code: 'rate_limited' });
    expect(fetch.calls).toHaveLength(0);
    expect((await governor.stats()).pausedUntil).toBe(clock.now() + 1);

    await clock.advance(1);
    expect(await governor.read({ ...read('H2'), fetch })).toMatchObject({ cache: 'miss' });
    expect(fetch.calls).toHaveLength(1);
    expect((await governor.stats()).pausedUntil).toBeNull();
  });

  it('pauses for the rest of the 60-s window when the partner names no Retry-After', async () => {
    const { clock, governor } = setup();
    await expect(
      governor.read({ ...read('H1'), fetch: fail('rate_limited', { upstreamStatus: 429 }) }),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    const fetch = countingFetch(clock, () => 1);
    await clock.advance(MINUTE - 1);
    await expect(governor.read({ ...read('H2'), fetch })).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 1,
    });
    expect(fetch.calls).toHaveLength(0);
    await clock.advance(1);
    await governor.read({ ...read('H2'), fetch });
    expect(fetch.calls).toHaveLength(1);
  });

  it('serves stale data while paused, without refreshing it', async () => {
    const { clock, governor } = setup();
    await governor.read({ ...read('H1'), fetch: async () => ({ name: 'old' }) });
    await clock.advance(10 * MINUTE); // stale for houseDetails
    await expect(
      governor.read({ ...read('H2'), fetch: fail('rate_limited', { retryAfterSeconds: 30 }) }),
    ).rejects.toMatchObject({
      code: 'rate_limited',
    });
    const fetch = countingFetch(clock, () => ({ name: 'new' }));
    expect(await governor.read({ ...read('H1'), fetch })).toMatchObject({
      cache: 'stale',
      value: { name: 'old' },
    });
    await governor.idle();
    await clock.advance(2 * 60 * MINUTE); // past the stale age: now only stale-if-error applies
    await expect(
      governor.read({ ...read('H2'), fetch: fail('rate_limited', { retryAfterSeconds: 30 }) }),
    ).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(await governor.read({ ...read('H1'), fetch })).toMatchObject({
      cache: 'stale',
      value: { name: 'old' },
    });
    expect(fetch.calls).toHaveLength(0);
  });

  it('also pauses after a 429 on a write, and never retries the write', async () => {
    const { clock, governor } = setup();
    const write = countingFetch(clock, fail('rate_limited', { retryAfterSeconds: 5 }));
    await expect(governor.write({ op: 'finalizeReservation', fetch: write })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(write.calls).toHaveLength(1);
    const fetch = countingFetch(clock, () => 1);
    await expect(governor.read({ ...read('H1'), fetch })).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 5,
    });
    expect(fetch.calls).toHaveLength(0);
  });

  it('caps an absurd Retry-After at ten minutes', async () => {
    const { clock, governor } = setup();
    await expect(
      governor.read({ ...read('H1'), fetch: fail('rate_limited', { retryAfterSeconds: 86_400 }) }),
    ).rejects.toBeDefined();
    expect((await governor.stats()).pausedUntil).toBe(clock.now() + 10 * MINUTE);
  });
});
