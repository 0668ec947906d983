import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_PARAMS } from '@/lib/attribution/campaign-rule';
import {
  PAGE_PARAMS,
  TRACKING_PARAMS,
  isTrackingParam,
  pageRoute,
  pageTarget,
  samePageQuery,
  withoutTrackingParams,
} from './page-params';

const root = path.resolve(__dirname, '../..');

describe('tracking parameters', () => {
  it('cover every campaign tag the site keeps, the utm family and the usual click ids', () => {
    for (const name of [
      ...CAMPAIGN_PARAMS,
      'utm_term',
      'utm_id',
      'gclid',
      'fbclid',
      'msclkid',
      '_gl',
      'srsltid',
    ])
      expect(isTrackingParam(name), name).toBe(true);
    for (const name of ['adults', 'startDate', 'sort', 'page', 'locale', 'gclidx', 'xutm_source'])
      expect(isTrackingParam(name), name).toBe(false);
  });

  it('are never a parameter some shareable page reads', () => {
    for (const [route, own] of Object.entries(PAGE_PARAMS)) {
      for (const name of own) expect(isTrackingParam(name), `${route} ${name}`).toBe(false);
    }
    for (const name of TRACKING_PARAMS) expect(isTrackingParam(name)).toBe(true);
  });
});

describe('which address is which shareable page', () => {
  it('knows home, search, house pages in every language and the search API, nothing else', () => {
    expect(pageRoute('/en')).toBe('home');
    expect(pageRoute('/nl/search')).toBe('search');
    expect(pageRoute('/de/houses/1001')).toBe('house');
    expect(pageRoute('/api/search')).toBe('search-api');
    for (const other of [
      '/',
      '/en/book/1001',
      '/en/search/',
      '/xx/search',
      '/en/houses/1/x',
      '/api/houses/1',
    ])
      expect(pageRoute(other), other).toBeNull();
  });
});

describe('the address a page is stored and rendered under', () => {
  it('drops click ids, campaign tags and unknown parameters, keeping the page’s own in order and spelling', () => {
    expect(
      pageTarget(
        '/en/search?utm_source=news&startDate=2027-05-01&gclid=Cj0K&%61dults=2&foo=1&sort=price-desc&page=2',
      ),
    ).toBe('/en/search?startDate=2027-05-01&%61dults=2&sort=price-desc&page=2');
    expect(pageTarget('/en/houses/12?fbclid=IwAR&adults=3&utm_medium=cpc')).toBe('/en/houses/12?adults=3');
    expect(pageTarget('/nl?gclid=x&_gl=1*abc')).toBe('/nl');
    expect(pageTarget('/api/search?adults=2&gclid=x&locale=en')).toBe('/api/search?adults=2&locale=en');
  });

  it('keeps what only some pages read where they read it', () => {
    expect(pageTarget('/en/search?sort=price-desc&petsAllowed=1')).toBe(
      '/en/search?sort=price-desc&petsAllowed=1',
    );
    expect(pageTarget('/en/search?minBedrooms=2&gclid=x&maxPrice=900')).toBe(
      '/en/search?minBedrooms=2&maxPrice=900',
    );
    expect(pageTarget('/api/search?minSurface=60&utm_source=x')).toBe('/api/search?minSurface=60');
    expect(pageTarget('/en/houses/1?minBedrooms=2&adults=2')).toBe('/en/houses/1?adults=2');
    expect(pageTarget('/en/houses/1?sort=price-desc&page=2&adults=2')).toBe('/en/houses/1?adults=2');
    expect(pageTarget('/en/search?locale=de&adults=2')).toBe('/en/search?adults=2');
  });

  it('keeps repeated page parameters, which the page reports', () => {
    expect(pageTarget('/en/search?adults=2&gclid=a&adults=3')).toBe('/en/search?adults=2&adults=3');
  });

  it('leaves every other address as it was asked for', () => {
    for (const target of [
      '/en/book/1?startDate=x&gclid=y',
      '/en/search/?gclid=y',
      '/en/search',
      '/en/search?adults=2',
    ])
      expect(pageTarget(target)).toBe(target);
  });

  it('gives the same address for any mix of tracking and unknown parameters around the page’s own', () => {
    const own = fc.constantFrom(
      'adults=2',
      'startDate=2027-05-01',
      'endDate=2027-05-04',
      'sort=price-desc',
      'pets=1',
    );
    const noise = fc.oneof(
      fc
        .constantFrom('gclid', 'fbclid', 'utm_source', 'utm_x', 'cid', 'foo', 'Adults', 'a%20b')
        .chain((name) => fc.string({ maxLength: 6 }).map((value) => `${name}=${encodeURIComponent(value)}`)),
      fc.constant(''),
    );
    fc.assert(
      fc.property(
        fc.array(own, { maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(4), noise), { maxLength: 5 }),
        (mine, extra) => {
          const mixed: string[] = [...mine];
          for (const [at, segment] of extra) mixed.splice(Math.min(at, mixed.length), 0, segment);
          const clean = mine.length > 0 ? `/en/search?${mine.join('&')}` : '/en/search';
          expect(pageTarget(`/en/search?${mixed.join('&')}`)).toBe(clean);
        },
      ),
    );
  });
});

describe('the language switcher’s query', () => {
  it('is the same from the browser’s address as from the address the server rendered', () => {
    const asked = '/en/search?utm_source=news&adults=2&gclid=abc&startDate=2027-05-01&x=1&sort=price-desc';
    const rendered = pageTarget(asked);
    const query = (target: string) => new URLSearchParams(target.slice(target.indexOf('?') + 1));
    expect(samePageQuery('/en/search', query(asked))).toBe(samePageQuery('/en/search', query(rendered)));
    expect(samePageQuery('/en/search', query(asked))).toBe('adults=2&startDate=2027-05-01&sort=price-desc');
  });

  it('keeps a booking page’s own parameters and drops only the tracking ones there', () => {
    expect(
      samePageQuery('/en/book/1', new URLSearchParams('step=guest&gclid=a&utm_source=n&startDate=x')),
    ).toBe('step=guest&startDate=x');
  });
});

describe('canonical and language addresses', () => {
  it('lose their tracking parameters and keep the rest', () => {
    expect(withoutTrackingParams('/en/search?adults=2&utm_campaign=spring&gclid=x')).toBe(
      '/en/search?adults=2',
    );
    expect(withoutTrackingParams('/en/houses/1')).toBe('/en/houses/1');
  });
});

describe('the parameters each page reads', () => {
  // The pages read the criteria through the deep-link codec; anything they read by name from the
  // raw parameters must be in their list, or two addresses of different pages would share one.
  const reads = (file: string) =>
    new Set(
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/\braw(?:\.(\w+)|\[['"](\w+)['"]\])/g)].map(
        (match) => match[1] ?? match[2] ?? '',
      ),
    );

  it.each([
    ['search', 'app/[locale]/search/page.tsx'],
    ['search', 'components/search/result-options.ts'],
    ['house', 'app/[locale]/houses/[houseId]/page.tsx'],
    ['home', 'app/[locale]/page.tsx'],
  ] as const)('the %s page reads only its own parameters by name', (route, file) => {
    for (const name of reads(file)) expect(PAGE_PARAMS[route].has(name), `${file} reads ${name}`).toBe(true);
  });

  it('the search page’s list names what it reads beside the criteria', () => {
    const read = [...reads('app/[locale]/search/page.tsx'), ...reads('components/search/result-options.ts')];
    expect([...new Set(read)].sort()).toEqual(['page', 'petsAllowed', 'sort']);
  });
});
