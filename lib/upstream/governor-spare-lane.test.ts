import { describe, expect, it } from 'vitest';
import { runAsClient } from './client-scope';
import { asBookingStep } from './priority';
import { countingFetch, MINUTE, SECOND, setup } from './testing/governor';

/**
 * Spare reads (a calendar's price under each arrival day) are asked for only while nobody else
 * needs the quota: they take a token from a full bucket only, never wait for one, and all of them
 * together keep to the spare lane's calls a minute.
 */

const search = (q: string) => ({ op: 'searchHouses', language: 'nl', params: { q } }) as const;

describe('governor: the spare lane', () => {
  it('sends a spare read only from a nearly full bucket, and refuses it at once otherwise, unsent', async () => {
    const { clock, governor } = setup({ limitPerMin: 100 });
    const fetch = countingFetch(clock, () => 1);
    // A page's three reads leave 42 of the 45 tokens: more than a page read needs, too few to spare.
    for (const q of ['page-1', 'page-2', 'page-3']) await governor.read({ ...search(q), fetch });
    const started = clock.now();
    await expect(governor.read({ ...search('spare-1'), fetch, lane: 'spare' })).rejects.toMatchObject({
      code: 'quota_exhausted',
    });
    expect(clock.now()).toBe(started);
    expect(fetch.calls).toHaveLength(3);
    // Refilled: nobody else wants the quota now.
    await clock.advance(2 * SECOND);
    await governor.read({ ...search('spare-1'), fetch, lane: 'spare' });
    expect(fetch.calls).toHaveLength(4);
  });

  it('leaves a page its reads and a booking the reserve at once, however many spare reads were asked for', async () => {
    const { clock, governor } = setup({ limitPerMin: 100 });
    const fetch = countingFetch(clock, () => 1);
    const spare = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => governor.read({ ...search(`spare-${i}`), fetch, lane: 'spare' })),
    );
    // Three from the full bucket, however many were asked for.
    expect(spare.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const started = clock.now();
    await governor.read({ ...search('page-1'), fetch });
    await governor.read({ ...search('page-2'), fetch });
    for (let i = 0; i < 4; i += 1)
      await asBookingStep(() => governor.read({ ...search(`step-${i}`), fetch }));
    expect(fetch.calls.slice(3)).toEqual(Array(6).fill(started));
  });

  it('takes nothing of the guest’s own browsing share, and spends none of the lane on asks the bucket refuses', async () => {
    const { clock, governor } = setup({
      limitPerMin: 100,
      clientShare: { perMinute: 5 },
      spareLane: { perMinute: 4 },
    });
    const fetch = countingFetch(clock, () => 1);
    // Other guests' pages are spending the bucket.
    for (let i = 0; i < 25; i += 1)
      await runAsClient(`other-${i}`, () => governor.read({ ...search(`busy-${i}`), fetch }));
    // A calendar asks for the price under twenty days now: each is refused, unsent.
    let sent = 0;
    for (let i = 0; i < 20; i += 1) {
      await runAsClient('guest', () => governor.read({ ...search(`day-${i}`), fetch, lane: 'spare' })).then(
        () => (sent += 1),
        () => undefined,
      );
    }
    expect(sent).toBe(0);
    // The same guest's pages still have their whole share.
    for (let i = 0; i < 5; i += 1)
      await runAsClient('guest', () => governor.read({ ...search(`page-${i}`), fetch }));
    expect(fetch.calls).toHaveLength(30);
    // Refilled, the lane still has all four calls of its minute: three from the full bucket, one
    // more once it is full again, and no fifth.
    const ask = async (i: number) =>
      governor.read({ ...search(`day-${i}`), fetch, lane: 'spare' }).then(
        () => 'sent',
        () => 'refused',
      );
    await clock.advance(20 * SECOND);
    const later = [await ask(20), await ask(21), await ask(22)];
    await clock.advance(2 * SECOND);
    later.push(await ask(23));
    await clock.advance(2 * SECOND);
    later.push(await ask(24));
    expect(later).toEqual(['sent', 'sent', 'sent', 'sent', 'refused']);
  });

  it('spends the lane only on the spare reads it sends, when a calendar asks for a whole month at once', async () => {
    const { clock, governor } = setup({ limitPerMin: 100, spareLane: { perMinute: 12 } });
    const fetch = countingFetch(clock, () => 1);
    const burst = await Promise.allSettled(
      Array.from({ length: 31 }, (_, i) => governor.read({ ...search(`day-${i}`), fetch, lane: 'spare' })),
    );
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    // The 28 refused were never sent, so the minute's lane still has nine calls: three a refill.
    let sent = 0;
    for (let ask = 0; ask < 5; ask += 1) {
      await clock.advance(2 * SECOND);
      const answers = await Promise.allSettled(
        Array.from({ length: 31 }, (_, i) =>
          governor.read({ ...search(`day-${ask}-${i}`), fetch, lane: 'spare' }),
        ),
      );
      sent += answers.filter((r) => r.status === 'fulfilled').length;
    }
    expect(sent).toBe(9);
    expect(fetch.calls).toHaveLength(12);
  });

  it('keeps all spare reads to the lane’s calls a minute, however full the bucket', async () => {
    const { clock, governor } = setup({ limitPerMin: 100, spareLane: { perMinute: 3 } });
    const fetch = countingFetch(clock, () => 1);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      await clock.advance(2 * SECOND);
      outcomes.push(
        await governor.read({ ...search(`s${i}`), fetch, lane: 'spare' }).then(
          () => 'sent',
          () => 'refused',
        ),
      );
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'refused', 'refused', 'refused']);
    await clock.advance(MINUTE);
    await governor.read({ ...search('next-minute'), fetch, lane: 'spare' });
    expect(fetch.calls).toHaveLength(4);
  });

  it('answers a spare read from the cache like any read, at no cost', async () => {
    const { clock, governor } = setup({ limitPerMin: 100, spareLane: { perMinute: 1 } });
    const fetch = countingFetch(clock, () => 7);
    await governor.read({ ...search('cached'), fetch });
    await expect(governor.read({ ...search('cached'), fetch, lane: 'spare' })).resolves.toMatchObject({
      value: 7,
      cache: 'hit',
    });
    expect(fetch.calls).toHaveLength(1);
  });
});
