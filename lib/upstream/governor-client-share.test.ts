import { describe, expect, it } from 'vitest';

import { runAsClient } from './client-scope';
import { asBookingStep } from './priority';
import { countingFetch, deferred, MINUTE, setup } from './testing/governor';

/**
 * Each client's requests may start only so many browsing calls a minute: distinct searches all
 * miss the cache, and one client asking for them must not spend every other guest's share.
 */

const search = (q: string) => ({ op: 'searchHouses', language: 'nl', params: { q } }) as const;

describe('governor: a client’s share of the browsing calls', () => {
  it('refuses one client’s calls past its share while another client’s still go out', async () => {
    const { clock, governor } = setup({ limitPerMin: 1_000, clientShare: { perMinute: 3 } });
    const fetch = countingFetch(clock, () => 1);
    for (let i = 0; i < 3; i += 1) await runAsClient('a', () => governor.read({ ...search(`a${i}`), fetch }));
    await expect(runAsClient('a', () => governor.read({ ...search('a3'), fetch }))).rejects.toMatchObject({
      code: 'quota_exhausted',
      notSent: true,
    });
    await runAsClient('b', () => governor.read({ ...search('b0'), fetch }));
    expect(fetch.calls).toHaveLength(4);

    // A new minute, a new share.
    await clock.advance(MINUTE);
    await runAsClient('a', () => governor.read({ ...search('a4'), fetch }));
    expect(fetch.calls).toHaveLength(5);
  });

  it('counts no cached answer and no call already on its way, only the calls the client starts', async () => {
    const { clock, governor } = setup({ limitPerMin: 1_000, clientShare: { perMinute: 1 } });
    const answer = deferred<number>();
    const slow = countingFetch(clock, () => answer.promise);
    // Client b starts a call; client a joins it, and then reads the cached answer twice.
    const first = runAsClient('b', () => governor.read({ ...search('same'), fetch: slow }));
    while (slow.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const joined = runAsClient('a', () => governor.read({ ...search('same'), fetch: slow }));
    answer.resolve(7);
    await Promise.all([first, joined]);
    for (let i = 0; i < 2; i += 1) await runAsClient('a', () => governor.read({ ...search('same'), fetch: slow }));
    expect(slow.calls).toHaveLength(1);
    // Client a's one call of the minute is still its own.
    const fetch = countingFetch(clock, () => 1);
    await runAsClient('a', () => governor.read({ ...search('other'), fetch }));
    expect(fetch.calls).toHaveLength(1);
  });

  it('serves an older answer instead when the client is over its share', async () => {
    const { clock, governor } = setup({ limitPerMin: 1_000, clientShare: { perMinute: 1 } });
    const fetch = countingFetch(clock, (n) => n);
    await runAsClient('a', () => governor.read({ ...search('x'), fetch }));
    // Past the answer's fresh and stale ages, but still in the cache as a fallback.
    await clock.advance(20 * MINUTE);
    // The client spends this minute's share on another search.
    await runAsClient('a', () => governor.read({ ...search('y'), fetch }));
    const again = await runAsClient('a', () => governor.read({ ...search('x'), fetch }));
    expect(again).toMatchObject({ value: 1, fallback: true });
  });

  it('leaves booking steps and requests of no client out of it', async () => {
    const { clock, governor } = setup({ limitPerMin: 1_000, clientShare: { perMinute: 1 } });
    const fetch = countingFetch(clock, () => 1);
    await runAsClient('a', () => governor.read({ ...search('a0'), fetch }));
    await runAsClient('a', () => asBookingStep(() => governor.read({ ...search('a1'), fetch })));
    await governor.read({ ...search('a2'), fetch });
    expect(fetch.calls).toHaveLength(3);
  });
  it('gives each browser behind one address its own share, and all of them together the address’s cap', async () => {
    const { clock, governor } = setup({ limitPerMin: 1_000, clientShare: { perMinute: 2, perAddressMinute: 5 } });
    const fetch = countingFetch(clock, () => 1);
    const read = (visitor: string | undefined, q: string) =>
      runAsClient('203.0.113.9', () => governor.read({ ...search(q), fetch }), visitor);
    await read('mum', 'm0');
    await read('mum', 'm1');
    await expect(read('mum', 'm2')).rejects.toMatchObject({ code: 'quota_exhausted' });
    // Her daughter's browser, behind the same router, still has its own share...
    await read('kid', 'k0');
    await read('kid', 'k1');
    // ...and so has a browser without a mark, until the address's cap is reached.
    await read(undefined, 'n0');
    await expect(read(undefined, 'n1')).rejects.toMatchObject({ code: 'quota_exhausted' });
    await expect(read('dad', 'd0')).rejects.toMatchObject({ code: 'quota_exhausted' });
    expect(fetch.calls).toHaveLength(5);
    // Another address is not held by this one's cap.
    await runAsClient('198.51.100.7', () => governor.read({ ...search('o0'), fetch }), 'mum');
    expect(fetch.calls).toHaveLength(6);
  });

  it('counts browsers by their mark alone where addresses have no cap', async () => {
    const { clock, governor } = setup({ limitPerMin: 1_000, clientShare: { perMinute: 1 } });
    const fetch = countingFetch(clock, () => 1);
    for (const visitor of ['a', 'b', 'c']) {
      await runAsClient('203.0.113.9', () => governor.read({ ...search(visitor), fetch }), visitor);
    }
    expect(fetch.calls).toHaveLength(3);
  });
});
