import { describe, expect, it } from 'vitest';
import { cacheKey, classify } from '@/lib/upstream/cache';
import { cachePolicy } from '@/lib/upstream/policy';
import { countingFetch, fail, SECOND, setup } from '@/lib/upstream/testing/governor';
import { ReadRecord, onCacheWrite, reusableUntil, runRecordingReads } from './read-record';
import { PageStore } from './page-store';

const POLICY = cachePolicy(60_000, 600_000, 3_600_000);
const NOW = 1_000_000;

/** What the governor does for one cached read: the key, then the entry it found (if any). */
function read(op: string, storedAt: number | undefined): void {
  cacheKey(op, 'EN', { adults: 2 });
  if (storedAt !== undefined) classify({ value: {}, storedAt }, POLICY, NOW);
}

describe('recording the cached reads of a render', () => {
  it('makes a page whose reads were all fresh reusable until the first entry stops being fresh', () => {
    const record = new ReadRecord();
    runRecordingReads(record, () => {
      read('searchHouses', NOW - 50_000);
      read('parkData', NOW - 1_000);
    });
    expect(record.keys.size).toBe(2);
    expect(reusableUntil(record, NOW, 600_000)).toEqual({ until: NOW + 10_000, shareable: true });
  });

  it('makes a page that met an entry past its fresh age the governor did not serve as stale one-off', () => {
    const record = new ReadRecord();
    runRecordingReads(record, () => {
      read('searchHouses', NOW - 1_000);
      read('parkData', NOW - 61_000);
    });
    expect(reusableUntil(record, NOW, 600_000)).toBeNull();
  });

  it('makes a page whose read found nothing cached (a partner call) one-off', () => {
    const record = new ReadRecord();
    runRecordingReads(record, () => {
      read('searchHouses', NOW - 1_000);
      read('houseDetails', undefined);
    });
    expect(reusableUntil(record, NOW, 600_000)).toBeNull();
  });

  it('bounds a page that read nothing by the longest age', () => {
    expect(reusableUntil(new ReadRecord(), NOW, 5_000)).toEqual({ until: NOW + 5_000, shareable: true });
  });

  it('records nothing outside a recorded request, and keeps concurrent requests apart', async () => {
    read('searchHouses', NOW - 1_000);
    const first = new ReadRecord();
    const second = new ReadRecord();
    await Promise.all([
      runRecordingReads(first, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        read('searchHouses', NOW - 1_000);
      }),
      runRecordingReads(second, async () => {
        read('parkData', NOW - 61_000);
      }),
    ]);
    expect([first.reads, first.freshReads, first.sawOlderEntry]).toEqual([1, 1, false]);
    expect([second.reads, second.freshReads, second.sawOlderEntry]).toEqual([1, 0, true]);
  });
});

describe('recording the reads of a real governor', () => {
  const search = { op: 'searchHouses', language: 'nl', params: { adults: 2 } } as const;

  it('makes a page built from a stale answer the governor serves while refreshing it reusable for its fresh age, for this instance only', async () => {
    const { clock, governor } = setup();
    const fetch = countingFetch(clock, (n) => ({ version: n }));
    await governor.read({ ...search, fetch });
    await clock.advance(61 * SECOND);
    const record = new ReadRecord();
    const read = await runRecordingReads(record, () =>
      governor.read({ ...search, fetch: fail('bad_gateway') }),
    );
    expect(read).toMatchObject({ cache: 'stale', fallback: false });
    // As long as a page of fresh search answers may live (60 s), for this instance only.
    expect(reusableUntil(record, clock.now(), 600_000)).toEqual({
      until: clock.now() + 60 * SECOND,
      shareable: false,
    });
    await governor.idle();
  });

  it('makes a page built from an old answer served because the partner failed one-off', async () => {
    const { clock, governor } = setup();
    await governor.read({ ...search, fetch: countingFetch(clock, (n) => ({ version: n })) });
    // Past the stale age: the governor asks the partner, which fails, and falls back.
    await clock.advance(20 * 60 * SECOND);
    const record = new ReadRecord();
    const read = await runRecordingReads(record, () =>
      governor.read({ ...search, fetch: fail('bad_gateway') }),
    );
    expect(read).toMatchObject({ cache: 'stale', fallback: true });
    expect(reusableUntil(record, clock.now(), 600_000)).toBeNull();
  });

  it('hears every entry the governor writes, a background refresh included, under the key the render read', async () => {
    const { clock, governor } = setup();
    const written: string[] = [];
    const stop = onCacheWrite((key) => written.push(key));
    try {
      const fetch = countingFetch(clock, (n) => ({ version: n }));
      await governor.read({ ...search, fetch });
      await clock.advance(61 * SECOND);
      const record = new ReadRecord();
      await runRecordingReads(record, () => governor.read({ ...search, fetch }));
      await governor.idle();
      expect(written).toHaveLength(2);
      expect(new Set(written)).toEqual(record.keys);
    } finally {
      stop();
    }
  });
});

describe('the page store', () => {
  const page = (bytes: number, expiresAt: number) => ({
    kind: 'page' as const,
    status: 200,
    headers: {},
    body: Buffer.alloc(bytes),
    expiresAt,
  });

  it('stops serving a page when it expires', () => {
    let now = NOW;
    const store = new PageStore(1_000_000, () => now);
    store.set('a', page(10, NOW + 100));
    expect(store.get('a')).toBeDefined();
    now = NOW + 100;
    expect(store.get('a')).toBeUndefined();
  });

  it('keeps within its byte bound by dropping the least recently used page', () => {
    const store = new PageStore(1_000, () => NOW);
    store.set('a', page(200, NOW + 1_000));
    store.set('b', page(200, NOW + 1_000));
    store.get('a');
    store.set('c', page(200, NOW + 1_000));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(1_000);
  });

  it('drops every page built from an answer, and forgets pages that left on their own', () => {
    let now = NOW;
    const store = new PageStore(1_000_000, () => now);
    store.set('a', { ...page(10, NOW + 100), sources: ['search', 'park'] });
    store.set('b', { ...page(10, NOW + 1_000), sources: ['search'] });
    store.set('c', { ...page(10, NOW + 1_000), sources: ['park'] });
    expect(store.dropBuiltFrom('search')).toBe(2);
    expect([store.get('a'), store.get('b')]).toEqual([undefined, undefined]);
    now = NOW + 2_000;
    expect(store.get('c')).toBeUndefined();
    expect(store.dropBuiltFrom('park')).toBe(0);
  });
});
