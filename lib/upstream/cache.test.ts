import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { cacheKey, classify, parseEntry } from './cache';

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
