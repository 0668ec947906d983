import { describe, expect, it } from 'vitest';
import { countingFetch, fail, SECOND, setup } from './testing/governor';

const units = {
  op: 'searchHouses',
  language: 'nl',
  params: { houseId: 7, startDate: '2030-07-01', endDate: '2030-07-08' },
} as const;

describe('governor reads with a maximum age (availability just before a guest commits)', () => {
  it('serves a cached answer younger than the maximum age without a call', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => ({ version: n }));
    await governor.read({ ...units, fetch });
    await clock.advance(10 * SECOND);
    expect(await governor.read({ ...units, fetch, maxAgeMs: 20 * SECOND })).toMatchObject({
      cache: 'hit',
      value: { version: 1 },
    });
    expect(fetch.calls).toHaveLength(1);
  });

  it('asks the partner again when the cached answer is older, even while it is still fresh for browsing', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => ({ version: n }));
    await governor.read({ ...units, fetch });
    await clock.advance(30 * SECOND);
    // Within the operation's fresh age, so a browsing read is still a hit…
    expect(await governor.read({ ...units, fetch })).toMatchObject({ cache: 'hit', value: { version: 1 } });
    // …but a read that must be at most 20 s old waits for a new answer.
    expect(await governor.read({ ...units, fetch, maxAgeMs: 20 * SECOND })).toMatchObject({
      cache: 'miss',
      value: { version: 2 },
      fallback: false,
    });
    expect(fetch.calls).toHaveLength(2);
  });

  it('never serves a stale entry without a call, and falls back to it only when the partner fails', async () => {
    const { clock, governor } = setup();
    const stored = await governor.read({ ...units, fetch: async () => ({ version: 1 }) });
    await clock.advance(90 * SECOND);
    const failing = countingFetch(clock, fail('bad_gateway'));
    expect(await governor.read({ ...units, fetch: failing, maxAgeMs: 20 * SECOND })).toEqual({
      cache: 'stale',
      value: { version: 1 },
      storedAt: stored.storedAt,
      fallback: true,
    });
    expect(failing.calls.length).toBeGreaterThan(0);
  });
});
