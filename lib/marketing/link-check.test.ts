import { describe, expect, it } from 'vitest';
import { readLinkCriteria, readSiteLink } from './link-check';

const ORIGIN = 'https://houses.example';
const TODAY = '2026-03-10';

describe('readSiteLink', () => {
  it.each([
    ['', 'link_missing'],
    [`${ORIGIN}/nl/search?${'a'.repeat(2100)}`, 'link_too_long'],
    ['http://[::1', 'link_invalid'],
    ['javascript:alert(1)', 'link_invalid'],
    ['https://evil.example/nl/search', 'link_foreign_origin'],
    ['//evil.example/nl/search', 'link_foreign_origin'],
    [`https://user@houses.example/nl/search`, 'link_foreign_origin'],
    [`${ORIGIN}/xx/search`, 'link_unknown_page'],
    [`${ORIGIN}/nl/book/1`, 'link_unknown_page'],
    [`${ORIGIN}/nl/houses/abc`, 'link_unknown_page'],
    [`${ORIGIN}/nl/houses/0`, 'link_unknown_page'],
    [`${ORIGIN}/nl/houses/1/extra`, 'link_unknown_page'],
  ])('refuses %j with %s', (raw, code) => {
    expect(readSiteLink(raw, ORIGIN)).toEqual({ ok: false, code });
  });

  it('reads absolute and site-relative links to the search, house and park pages', () => {
    const search = readSiteLink(`${ORIGIN}/de/search?adults=3`, ORIGIN);
    expect(search.ok && { page: search.link.page, locale: search.link.locale, adults: search.link.params.get('adults') }).toEqual({
      page: 'search',
      locale: 'de',
      adults: '3',
    });
    const house = readSiteLink('/nl/houses/1001', ORIGIN);
    expect(house.ok && [house.link.page, house.link.targetId]).toEqual(['house', 1001]);
    const park = readSiteLink(`${ORIGIN}/fr/parks/7`, ORIGIN);
    expect(park.ok && [park.link.page, park.link.targetId]).toEqual(['park', 7]);
  });
});

describe('readLinkCriteria', () => {
  it('reports the corrections the page will make, the campaign tags and the parameters no page reads', () => {
    const read = readSiteLink(
      `${ORIGIN}/en/search?startDate=2026-03-01&endDate=2026-03-05&adults=40&type=99&utm_source=news&utm_campaign=a<b&ref=x`,
      ORIGIN,
    );
    if (!read.ok) throw new Error('expected a link');
    const reading = readLinkCriteria(read.link, TODAY, [1, 2]);
    expect(reading.issues).toEqual([
      { param: 'startDate', code: 'start_in_past' },
      { param: 'adults', code: 'adults_out_of_range' },
      { param: 'type', code: 'unknown_type' },
    ]);
    expect(reading.criteria.adults).toBe(20);
    expect(reading.campaign).toEqual({ tags: { utm_source: 'news' }, invalid: ['utm_campaign'] });
    expect(reading.ignoredParams).toEqual(['ref']);
  });

  it('knows the search page’s filters on the houses found as parameters the page reads', () => {
    const read = readSiteLink(`${ORIGIN}/en/search?adults=2&minBedrooms=3&minBathrooms=2&minSurface=80&maxPrice=900`, ORIGIN);
    if (!read.ok) throw new Error('expected a link');
    expect(readLinkCriteria(read.link, TODAY).ignoredParams).toEqual([]);
  });

  it('ignores a house type on a house page instead of correcting it', () => {
    const read = readSiteLink(`${ORIGIN}/en/houses/5?type=abc&adults=2`, ORIGIN);
    if (!read.ok) throw new Error('expected a link');
    const reading = readLinkCriteria(read.link, TODAY);
    expect(reading.issues).toEqual([]);
    expect(reading.criteria.type).toBeUndefined();
    expect(reading.ignoredParams).toEqual(['type']);
  });
});
