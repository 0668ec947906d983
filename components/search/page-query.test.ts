import { describe, expect, it } from 'vitest';
import { fromQuery, searchPageHref, toBaseQuery } from './page-query';

describe('search page addresses', () => {
  it('keeps every parameter but page, repeated ones too, in the address order', () => {
    expect(toBaseQuery({ adults: '2', page: '3', sort: 'price-desc', type: ['4', '5'] })).toBe(
      'adults=2&sort=price-desc&type=4&type=5',
    );
  });

  it('reads a query back into the parameters a page receives', () => {
    expect(fromQuery('adults=2&type=4&type=5&sort=price-desc')).toEqual({
      adults: '2',
      type: ['4', '5'],
      sort: 'price-desc',
    });
    expect(toBaseQuery(fromQuery('adults=2&type=4&type=5'))).toBe('adults=2&type=4&type=5');
  });

  it('names page 1 without a page parameter and later pages with one, fragment last', () => {
    expect(searchPageHref('/en/search', 'adults=2', 1)).toBe('/en/search?adults=2');
    expect(searchPageHref('/en/search', '', 1)).toBe('/en/search');
    expect(searchPageHref('/en/search', 'adults=2', 2, 'result-13')).toBe(
      '/en/search?adults=2&page=2#result-13',
    );
    expect(searchPageHref('/de/search', '', 3)).toBe('/de/search?page=3');
  });
});
