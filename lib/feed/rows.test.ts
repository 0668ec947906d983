import { describe, expect, it } from 'vitest';
import type { HouseSummary } from '@/lib/booking/types';
import { SEARCH_RESULT } from '@/lib/partner-api/fixtures/partner-payloads';
import { mapSearchResults } from '@/lib/partner-api/mappers/houses';
import { feedCsv, feedRows, shapeFeedHouses, type FeedData } from './rows';

// The partner's own search answer, mapped as the site maps it: a full house (101) and a sparse one (102).
const [FULL, SPARSE] = mapSearchResults(SEARCH_RESULT).houses as [HouseSummary, HouseSummary];

describe('feed houses', () => {
  it('are the active houses with the search’s pictures, capacity, park name and discounted from-price', () => {
    const houses = shapeFeedHouses(
      [
        { id: 101, name: 'Dune', parkId: 9 },
        { id: 2, name: 'Pine' },
      ],
      [FULL],
      [{ id: 9, name: 'Seaside', conditions: '', virtualTourLink: null, facilities: [] }],
    );
    expect(houses).toEqual([
      {
        id: 101,
        name: 'Dune',
        park: { id: 9, name: 'Seaside' },
        pictures: ['https://img.example.com/101/main.jpg', 'https://img.example.com/101/1.jpg'],
        persons: 4,
        bedrooms: 2,
        price: {
          amount: 289,
          currency: 'EUR',
          startDate: FULL.price!.startDate,
          endDate: FULL.price!.endDate,
          nights: FULL.price!.nights,
        },
      },
      { id: 2, name: 'Pine', pictures: [] },
    ]);
  });

  it('leave out what the partner did not say: a park without a known name, no capacity, no price', () => {
    const [house] = shapeFeedHouses(
      [{ id: 102, name: '', parkId: 3 }],
      [{ ...SPARSE, name: 'From search' }],
      [],
    );
    expect(house).toEqual({ id: 102, name: 'From search', park: { id: 3 }, pictures: [] });
  });

  it('come from the search when the partner lists no active houses', () => {
    expect(shapeFeedHouses([], [FULL], []).map((h) => [h.id, h.park])).toEqual([[101, { id: 9 }]]);
  });
});

const DATA: FeedData = {
  locale: 'en',
  builtAt: '2027-01-01T10:00:00.000Z',
  houses: [
    {
      id: 1,
      name: '=HYPERLINK("x")',
      pictures: ['https://img.test/a.jpg', 'https://img.test/b.jpg'],
      price: { amount: 270, currency: 'EUR', startDate: '2027-01-08', endDate: '2027-01-11', nights: 3 },
    },
    { id: 2, name: 'Pine, "big"', pictures: [] },
  ],
};

describe('feed rows', () => {
  it('carry the tagged link and say per row whether a price is known', () => {
    const rows = feedRows(DATA, 'https://site.test', { utm_source: 'aff' });
    expect(rows.map((r) => [r.link, r.priceKnown, r.price?.amount ?? null])).toEqual([
      ['https://site.test/en/houses/1?utm_source=aff', true, 270],
      ['https://site.test/en/houses/2?utm_source=aff', false, null],
    ]);
  });

  it('as CSV escape formulas and quotes, and leave unknown cells empty', () => {
    const csv = feedCsv(feedRows(DATA, 'https://site.test', {}));
    expect(csv.split('\r\n')).toEqual([
      'id,name,park_id,park_name,link,pictures,persons,bedrooms,price_known,price,currency,stay_start,stay_end,nights',
      `1,"'=HYPERLINK(""x"")",,,https://site.test/en/houses/1,https://img.test/a.jpg https://img.test/b.jpg,,,yes,270.00,EUR,2027-01-08,2027-01-11,3`,
      '2,"Pine, ""big""",,,https://site.test/en/houses/2,,,,no,,,,,',
      '',
    ]);
  });
});
