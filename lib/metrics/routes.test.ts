import { describe, expect, it } from 'vitest';
import { methodOf, routeOf } from './routes';

describe('the route label of a request', () => {
  it.each([
    ['/', '/'],
    ['/en', '/[locale]'],
    ['/nl/', '/[locale]'],
    ['/en/search?adults=2&startDate=2030-01-01', '/[locale]/search'],
    ['/de/houses/1001', '/[locale]/houses/[houseId]'],
    ['/de/houses/1001.rsc', '/[locale]/houses/[houseId]'],
    ['/fr/book/1001?_rsc=abc', '/[locale]/book/[houseId]'],
    ['/en/booking/thank-you?ref=x', '/[locale]/booking/thank-you'],
    ['/api/search?adults=2', '/api/search'],
    ['/api/houses/1001', '/api/houses/[houseId]'],
    ['/api/houses/1001/price?x=1', '/api/houses/[houseId]/price'],
    ['/api/booking/finalize', '/api/booking/finalize'],
    ['/api/health', '/api/health'],
    ['/api/health/details', '/api/health/details'],
    ['/api/metrics', '/api/metrics'],
    ['/_next/static/chunks/abc.js', '/_next/static'],
    ['/_next/image?url=x', '/_next/image'],
    ['/icons.svg', '/[static-file]'],
  ])('names %s as %s', (target, route) => {
    expect(routeOf(target)).toBe(route);
  });

  it('puts every path the site does not serve under one label, so a scanner cannot add series', () => {
    const scanned = [
      '/wp-admin',
      '/.env',
      '/en/houses/1/2/3',
      '/api/booking/x',
      '/xx/search',
      '/api/unknown',
      '/a/b/c.php',
    ];
    expect(new Set(scanned.map(routeOf))).toEqual(new Set(['other']));
  });

  it('keeps the method label to the standard methods', () => {
    expect(methodOf('get')).toBe('GET');
    expect(methodOf('POST')).toBe('POST');
    expect(methodOf('PROPFIND')).toBe('other');
    expect(methodOf(undefined)).toBe('other');
  });
});
