import { describe, expect, it } from 'vitest';

import { UpstreamError } from './errors';

import { countingFetch, deferred, fail, MINUTE, SECOND, setup } from './testing/governor';

const search = {
  op: 'searchHouses',
  language: 'nl',
  params: { adults: 2, startDate: '2030-07-01', endDate: '2030-07-08' },
} as const;

describe('governor cache: fresh, stale-while-revalidate, stale-if-error', () => {
  it('serves a fresh entry without a call', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => ({ version: n }));
    const first = await governor.read({ ...search, fetch });
    await clock.advance(59 * SECOND);
    const second = await governor.read({ ...search, fetch });
    expect(first).toMatchObject({ cache: 'miss', value: { version: 1 } });
    expect(second).toEqual({ cache: 'hit', value: { version: 1 }, storedAt: first.storedAt, fallback: false });
    expect(fetch.calls).toHaveLength(1);
  });

  it('serves a stale entry at once and refreshes it once in the background', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => ({ version: n }));
    await governor.read({ ...search, fetch });
    await clock.advance(61 * SECOND);
    const refresh = deferred<{ version: number }>();
    const slowFetch = countingFetch(clock, () => refresh.promise);
    const reads = await Promise.all(
      Array.from({ length: 200 }, () => governor.read({ ...search, fetch: slowFetch })),
    );
    expect(reads.every((r) => r.cache === 'stale' && r.value.version === 1)).toBe(true);
    refresh.resolve({ version: 2 });
    await governor.idle();
    expect(slowFetch.calls).toHaveLength(1);
    expect(await governor.read({ ...search, fetch })).toMatchObject({ cache: 'hit', value: { version: 2 } });
    const stats = await governor.stats();
    expect(stats).toMatchObject({
      cacheHits: 1,
      cacheMisses: 1,
      staleServed: 200,
      upstreamCalls: 2,
      store: 'memory',
    });
    expect(stats.hitRatio).toBeCloseTo(201 / 202);
  });

  it('keeps the stale entry when the background refresh fails', async () => {
    const { clock, governor } = setup();
    await governor.read({ ...search, fetch: async () => ({ version: 1 }) });
    await clock.advance(2 * MINUTE);
    // Within the stale age: served at once while a refresh runs, which is no fallback.
    expect(await governor.read({ ...search, fetch: fail('bad_gateway') })).toMatchObject({
      cache: 'stale',
      value: { version: 1 },
      fallback: false,
    });
    await governor.idle();
    expect(await governor.read({ ...search, fetch: fail('bad_gateway') })).toMatchObject({
      cache: 'stale',
      value: { version: 1 },
      fallback: false,
    });
  });

  it('past the stale age, waits for the partner and serves the old entry only if the partner fails', async () => {
    const { clock, governor } = setup();
    const stored = await governor.read({ ...search, fetch: async () => ({ version: 1 }) });
    await clock.advance(20 * MINUTE);
    const failing = countingFetch(clock, fail('bad_gateway'));
    const served = await governor.read({ ...search, fetch: failing });
    expect(served).toEqual({ cache: 'stale', value: { version: 1 }, storedAt: stored.storedAt, fallback: true });
    expect(failing.calls).toHaveLength(1);
    const fresh = await governor.read({ ...search, fetch: async () => ({ version: 2 }) });
    expect(fresh).toMatchObject({ cache: 'miss', value: { version: 2 }, fallback: false });
  });

  it('serves stale through retries of a partner outage', async () => {
    const { clock, governor } = setup();
    await governor.read({ ...search, fetch: async () => ({ version: 1 }) });
    await clock.advance(20 * MINUTE);
    const down = countingFetch(clock, fail('unavailable'));
    const served = await clock.settle(governor.read({ ...search, fetch: down }));
    expect(served).toMatchObject({ cache: 'stale', value: { version: 1 } });
    expect(down.calls).toHaveLength(3);
  });

  it('does not hide a not_found or invalid_input behind stale data, and forgets a house that is gone', async () => {
    const { clock, governor } = setup();
    const house = { op: 'houseDetails', language: 'en', params: { houseId: 'H7' } } as const;
    await governor.read({ ...house, fetch: async () => ({ name: 'Dune view' }) });
    await clock.advance(2 * 60 * MINUTE);
    await expect(governor.read({ ...house, fetch: fail('invalid_input') })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(governor.read({ ...house, fetch: fail('not_found') })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(governor.read({ ...house, fetch: fail('bad_gateway') })).rejects.toMatchObject({
      code: 'bad_gateway',
    });
  });

  it('drops an entry past its error age', async () => {
    const { clock, governor } = setup();
    await governor.read({ ...search, fetch: async () => ({ version: 1 }) });
    await clock.advance(61 * MINUTE);
    await expect(governor.read({ ...search, fetch: fail('bad_gateway') })).rejects.toBeInstanceOf(
      UpstreamError,
    );
  });

  it('keeps entries apart by language and by every parameter', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => n);
    const read = (language: string, params: Record<string, string | number | undefined>) =>
      governor.read({ op: 'searchHouses', language, params, fetch });
    await read('nl', { adults: 2, child0304: 1 });
    await read('en', { adults: 2, child0304: 1 });
    await read('nl', { adults: 2, child0304: 0 });
    await read('nl', { adults: 3, child0304: 1 });
    expect(fetch.calls).toHaveLength(4);
    expect(await read('nl', { child0304: 1, adults: 2, pets: undefined })).toMatchObject({
      cache: 'hit',
      value: 1,
    });
    expect(await read('en', { adults: 2, child0304: 1 })).toMatchObject({ cache: 'hit', value: 2 });
    expect(fetch.calls).toHaveLength(4);
  });

  it('refetches when a cached value fails the caller’s parser', async () => {
    const { clock, governor } = setup();
    await governor.read({ ...search, fetch: async () => ({ old: true }) });
    const fetch = countingFetch(clock, () => ({ version: 2 }));
    const parse = (v: unknown) => {
      if (typeof v === 'object' && v !== null && 'version' in v && typeof v.version === 'number')
        return { version: v.version };
      throw new Error('old shape');
    };
    expect(await governor.read({ ...search, fetch, parse })).toMatchObject({
      cache: 'miss',
      value: { version: 2 },
    });
    expect(await governor.read({ ...search, fetch, parse })).toMatchObject({
      cache: 'hit',
      value: { version: 2 },
    });
    expect(fetch.calls).toHaveLength(1);
  });

  it('never caches the booking operations', async () => {
    const { governor } = setup();
    await expect(
      governor.read({ op: 'preRegisterReservation', language: 'nl', params: {}, fetch: async () => 1 }),
    ).rejects.toThrow(/never cached/);
    await expect(
      governor.read({ op: 'finalizeReservation', language: 'nl', params: {}, fetch: async () => 1 }),
    ).rejects.toThrow(/never cached/);
    await expect(governor.write({ op: 'searchHouses', fetch: async () => 1 })).rejects.toThrow(/read\(\)/);
  });
});
