import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRITERIA_PARAMS, SEARCH_FILTER_PARAMS, parseCriteria, serializeCriteria } from './deep-link';
import {
  FILTER_LIMITS,
  parseSearchFilters,
  serializeSearchFilters,
  type SearchFilters,
} from './search-filter-params';

const filtersArb: fc.Arbitrary<SearchFilters> = fc.record(
  {
    minBedrooms: fc.integer(FILTER_LIMITS.minBedrooms),
    minBathrooms: fc.integer(FILTER_LIMITS.minBathrooms),
    minSurface: fc.integer(FILTER_LIMITS.minSurface),
    maxPrice: fc.oneof(
      fc.integer(FILTER_LIMITS.maxPrice),
      fc.integer({ min: 100, max: 99_999_999 }).map((cents) => cents / 100),
    ),
  },
  { requiredKeys: [] },
);

describe('the search filters in the address', () => {
  it('are parameters of their own, apart from the criteria the partner is asked for', () => {
    expect(SEARCH_FILTER_PARAMS).toEqual(['minBedrooms', 'minBathrooms', 'minSurface', 'maxPrice']);
    for (const param of SEARCH_FILTER_PARAMS) expect(CRITERIA_PARAMS).not.toContain(param);
  });

  it('read back as written, with no issue (round trip)', () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        const { filters: read, issues } = parseSearchFilters(serializeSearchFilters(filters));
        expect(issues).toEqual([]);
        expect(read).toEqual(filters);
      }),
    );
  });

  it('travel in one address with the criteria without changing them', () => {
    const criteria = { adults: 4, child0002: 0, child0304: 0, child0512: 1, child1317: 0, pets: 0, park: 3 };
    const query = serializeSearchFilters({ minBedrooms: 3, maxPrice: 1200 }, serializeCriteria(criteria));
    expect(query.toString()).toBe('adults=4&child0512=1&park=3&minBedrooms=3&maxPrice=1200');
    expect(parseCriteria(query, { today: '2026-07-01' }).criteria).toEqual(criteria);
    expect(parseSearchFilters(query).filters).toEqual({ minBedrooms: 3, maxPrice: 1200 });
  });

  it('read from a page’s parameter record, an empty form field meaning "not chosen"', () => {
    expect(
      parseSearchFilters({ minBedrooms: '3', minBathrooms: '', minSurface: [' 80 '], maxPrice: undefined }),
    ).toEqual({ filters: { minBedrooms: 3, minSurface: 80 }, issues: [] });
  });

  it.each<[string, string]>([
    ['minBedrooms', 'three'],
    ['minBedrooms', '0'],
    ['minBedrooms', '21'],
    ['minBedrooms', '2.5'],
    ['minBathrooms', '-1'],
    ['minSurface', '1e3'],
    ['minSurface', '85 m²'],
    ['maxPrice', '0'],
    ['maxPrice', '12.345'],
    ['maxPrice', '€500'],
    ['maxPrice', '0x10'],
  ])('leave out %s=%j and report it instead of failing', (param, value) => {
    const other = param === 'minBedrooms' ? 'minBathrooms' : 'minBedrooms';
    const { filters, issues } = parseSearchFilters(new URLSearchParams({ [param]: value, [other]: '2' }));
    expect(issues).toEqual([{ param, code: 'invalid_filter' }]);
    expect(filters).toEqual({ [other]: 2 });
  });

  it('take the first of two different values and report the repeat', () => {
    const params = new URLSearchParams('maxPrice=900&maxPrice=700&minBedrooms=2&minBedrooms=2');
    expect(parseSearchFilters(params)).toEqual({
      filters: { minBedrooms: 2, maxPrice: 900 },
      issues: [{ param: 'maxPrice', code: 'repeated_param' }],
    });
  });

  it('leave the criteria as they were: no filter reaches the partner’s search', () => {
    const plain = parseCriteria(new URLSearchParams('adults=3'), { today: '2026-07-01' });
    const filtered = parseCriteria(new URLSearchParams('adults=3&minBedrooms=3&maxPrice=500&minSurface=x'), {
      today: '2026-07-01',
    });
    expect(filtered).toEqual(plain);
  });
});
