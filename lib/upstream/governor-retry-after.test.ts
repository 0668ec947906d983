import { describe, expect, it } from 'vitest';

import { fail, setup } from './testing/governor';

/**
 * The partner's 429 need not name a Retry-After. The governor then pauses for the rest of the
 * partner's 60-s window, and whoever gets the 429 must be told to wait that long: a 503 without
 * Retry-After leaves a client to retry at once, into the pause.
 */

const read = { op: 'houseDetails', language: 'nl', params: { houseId: 'H1' } } as const;

describe('a partner 429 without Retry-After', () => {
  it('reaches the caller of the read that met it with the pause’s 60 s as its Retry-After', async () => {
    const { governor } = setup();
    const err = await governor
      .read({ ...read, fetch: fail('rate_limited', { upstreamStatus: 429 }) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'rate_limited',
      notSent: false,
      upstreamStatus: 429,
      retryAfterSeconds: 60,
    });
    expect((await governor.stats()).pausedUntil).not.toBeNull();
  });

  it('reaches the caller of a write that met it with the pause’s 60 s as its Retry-After', async () => {
    const { governor } = setup();
    await expect(
      governor.write({ op: 'preRegisterReservation', fetch: fail('rate_limited', { upstreamStatus: 429 }) }),
    ).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
  });

  it('keeps a Retry-After the partner named, clamped to the pause actually taken', async () => {
    const named = setup().governor;
    await expect(
      named.read({ ...read, fetch: fail('rate_limited', { upstreamStatus: 429, retryAfterSeconds: 7 }) }),
    ).rejects.toMatchObject({ retryAfterSeconds: 7 });
    const tooLong = setup().governor;
    await expect(
      tooLong.read({
        ...read,
        fetch: fail('rate_limited', { upstreamStatus: 429, retryAfterSeconds: 3600 }),
      }),
    ).rejects.toMatchObject({ retryAfterSeconds: 600 });
  });
});
