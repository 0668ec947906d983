import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { withRequestContext, type CacheReadObserver } from '@/lib/request-context';
import { announceCacheWrite, cacheKey, classify, onCacheWrite, parseEntry, reportStaleServed } from './cache';
import { cachePolicy } from './policy';

const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean());
const paramsArb = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), scalar, { maxKeys: 8 });

describe('cache keys', () => {
  it('is the same for the same parameters in any order', () => {
    fc.assert(
      fc.property(paramsArb, (params) => {
        const reversed = Object.fromEntries(Object.entries(params).reverse());
        expect(cacheKey('searchHouses', 'nl', reversed)).toBe(cacheKey('searchHouses', 'nl', params));
      }),
    );
  });

  it('differs when any parameter value differs', () => {
    fc.assert(
      fc.property(
        paramsArb,
        fc.string({ minLength: 1, maxLength: 12 }),
        scalar,
        scalar,
        (params, name, a, b) => {
          fc.pre(a !== b);
          expect(cacheKey('searchHouses', 'nl', { ...params, [name]: a })).not.toBe(
            cacheKey('searchHouses', 'nl', { ...params, [name]: b }),
          );
        },
      ),
    );
  });

  it('differs by language, by operation, and between a number and its string', () => {
    const params = { houseId: 'H1', adults: 2 };
    expect(cacheKey('houseDetails', 'nl', params)).not.toBe(cacheKey('houseDetails', 'en', params));
    expect(cacheKey('houseDetails', 'nl', params)).not.toBe(cacheKey('optionalServices', 'nl', params));
    expect(cacheKey('houseDetails', 'nl', { adults: 2 })).not.toBe(
      cacheKey('houseDetails', 'nl', { adults: '2' }),
    );
    expect(cacheKey('houseDetails', 'nl', { a: 'x,y' })).not.toBe(
      cacheKey('houseDetails', 'nl', { a: ['x', 'y'] }),
    );
  });

  it('treats an undefined parameter as absent', () => {
    expect(cacheKey('searchHouses', 'de', { adults: 2, type: undefined })).toBe(
      cacheKey('searchHouses', 'de', { adults: 2 }),
    );
  });
});

describe('entry ages', () => {
  const policy = { freshMs: 60_000, staleMs: 900_000, errorMs: 3_600_000 };
  it('classifies by age at the boundaries', () => {
    const entry = { value: 1, storedAt: 1_000_000 };
    expect(classify(entry, policy, 1_000_000 + 59_999)).toBe('fresh');
    expect(classify(entry, policy, 1_000_000 + 60_000)).toBe('stale');
    expect(classify(entry, policy, 1_000_000 + 900_000)).toBe('error-only');
    expect(classify(entry, policy, 1_000_000 + 3_600_000)).toBe('expired');
    // An entry stamped by a clock ahead of ours is simply fresh.
    expect(classify(entry, policy, 999_000)).toBe('fresh');
  });

  it('refuses stored text that is not an entry', () => {
    expect(parseEntry('{"value":1,"storedAt":5}')).toEqual({ value: 1, storedAt: 5 });
    expect(parseEntry('not json')).toBeUndefined();
    expect(parseEntry('{"value":1}')).toBeUndefined();
    expect(parseEntry('{"value":1,"storedAt":"5"}')).toBeUndefined();
    expect(parseEntry('null')).toBeUndefined();
  });
});

describe('what a recorded page render is told', () => {
  const POLICY = cachePolicy(60_000, 600_000, 3_600_000);

  function recorder() {
    const told: unknown[][] = [];
    const observer: CacheReadObserver = {
      read: (key) => told.push(['read', key]),
      entry: (storedAt, freshMs, fresh) => told.push(['entry', storedAt, freshMs, fresh]),
      staleServed: (staleUntil, freshMs) => told.push(['stale', staleUntil, freshMs]),
    };
    return { told, observer };
  }

  it('tells the recorder in the request context of every read, the entry it found and a stale answer served', () => {
    const { told, observer } = recorder();
    const key = withRequestContext({ cacheReads: observer }, () => {
      const read = cacheKey('parkData', 'nl', { parkId: 1 });
      classify({ value: 1, storedAt: 1_000 }, POLICY, 31_000);
      classify({ value: 1, storedAt: 1_000 }, POLICY, 31_000, false);
      reportStaleServed({ storedAt: 1_000 }, POLICY);
      return read;
    });
    expect(told).toEqual([
      ['read', key],
      ['entry', 1_000, 60_000, true],
      ['stale', 601_000, 60_000],
    ]);
  });

  it('tells no one outside a recorded render', () => {
    const { told, observer } = recorder();
    withRequestContext({ cacheReads: observer }, () => undefined);
    cacheKey('parkData', 'nl', { parkId: 1 });
    classify({ value: 1, storedAt: 1_000 }, POLICY, 31_000);
    expect(told).toEqual([]);
  });
});

describe('cache write listeners', () => {
  it('hear every write announced until they stop listening', () => {
    const heard: string[] = [];
    const stop = onCacheWrite((key) => heard.push(key));
    announceCacheWrite('cache:v1:a');
    stop();
    announceCacheWrite('cache:v1:b');
    expect(heard).toEqual(['cache:v1:a']);
  });
});
