import { describe, expect, it } from 'vitest';
import type { HousePrice, HouseSummary } from '@/lib/booking/types';
import {
  PAGE_SIZE,
  filterHouses,
  getPageHouses,
  getResultWindow,
  parsePage,
  parsePetsAllowed,
  parseSort,
  payablePrice,
  sortHouses,
} from './result-options';

function price(full: number, discounted?: number): HousePrice {
  return {
    startDate: '2026-07-01',
    endDate: '2026-07-03',
    full,
    nights: 2,
    perNight: (discounted ?? full) / 2,
    currency: 'EUR',
    ...(discounted !== undefined ? { discounted } : {}),
  };
}

function house(id: number, persons: number | null, p: HousePrice | null, maxPets = 0): HouseSummary {
  return {
    id,
    name: `House ${id}`,
    persons,
    bedrooms: 1,
    bathrooms: 1,
    beds: 2,
    maxPets,
    surface: null,
    picture: null,
    pictures: [],
    description: '',
    price: p,
  };
}

const houses = [
  house(1, 4, price(500)),
  house(2, 8, price(600, 450)),
  house(3, null, null, 2),
  house(4, 4, price(450)),
];

describe('sortHouses', () => {
  it('sorts by what the guest pays, houses without a price last, ties in partner order', () => {
    expect(sortHouses(houses, 'price-asc').map((h) => h.id)).toEqual([2, 4, 1, 3]);
    expect(sortHouses(houses, 'price-desc').map((h) => h.id)).toEqual([1, 2, 4, 3]);
  });

  it('sorts by capacity either way, unknown capacity last', () => {
    expect(sortHouses(houses, 'capacity-desc').map((h) => h.id)).toEqual([2, 1, 4, 3]);
    expect(sortHouses(houses, 'capacity-asc').map((h) => h.id)).toEqual([1, 4, 2, 3]);
  });

  it('leaves the input alone', () => {
    sortHouses(houses, 'price-desc');
    expect(houses.map((h) => h.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('result options', () => {
  it('reads the payable price', () => {
    expect(payablePrice(houses[1]!)).toBe(450);
    expect(payablePrice(houses[2]!)).toBeNull();
  });

  it('keeps only houses that take pets when asked', () => {
    expect(filterHouses(houses, { petsAllowed: true }).map((h) => h.id)).toEqual([3]);
    expect(filterHouses(houses, { petsAllowed: false })).toHaveLength(4);
  });

  it('falls back quietly on unknown parameters', () => {
    expect(parseSort('cheapest')).toBe('price-asc');
    expect(parseSort(['capacity-desc', 'price-desc'])).toBe('capacity-desc');
    expect(parsePetsAllowed('1')).toBe(true);
    expect(parsePetsAllowed('yes')).toBe(false);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('1e9')).toBe(1);
  });

  it('reads a page number only from one to three plain digits', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('1000')).toBe(1);
    expect(parsePage(' 2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('0x2')).toBe(1);
    expect(parsePage(['2', '5'])).toBe(2);
  });
});

describe('result pages', () => {
  const houses = Array.from({ length: 47 }, (_, index) => index + 1);
  const lastPage = Math.ceil(47 / PAGE_SIZE);

  it('shows the first page of houses on the first page', () => {
    const first = getResultWindow(47, 1);
    expect(first).toEqual({ page: 1, pageCount: lastPage, shown: PAGE_SIZE, total: 47, firstOfPage: 0 });
    expect(getPageHouses(houses, first)).toEqual(houses.slice(0, PAGE_SIZE));
  });

  it('shows every house up to the end of page N, and page N adds the houses after page N - 1', () => {
    const second = getResultWindow(47, 2);
    expect(second.shown).toBe(2 * PAGE_SIZE);
    expect(getPageHouses(houses, second)).toEqual(houses.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    const last = getResultWindow(47, lastPage);
    expect(last.shown).toBe(47);
    expect(getPageHouses(houses, last)).toEqual(houses.slice((lastPage - 1) * PAGE_SIZE));
  });

  it('shows the last page for a page past the end, and one page for no houses', () => {
    expect(getResultWindow(47, 999)).toMatchObject({ page: lastPage, shown: 47 });
    expect(getResultWindow(0, 3)).toEqual({ page: 1, pageCount: 1, shown: 0, total: 0, firstOfPage: 0 });
    expect(getResultWindow(PAGE_SIZE, 2)).toMatchObject({ page: 1, pageCount: 1, shown: PAGE_SIZE });
  });

  it('pages through every house exactly once', () => {
    const { pageCount } = getResultWindow(houses.length, 1);
    const seen = Array.from({ length: pageCount }, (_, index) =>
      getPageHouses(houses, getResultWindow(houses.length, index + 1)),
    ).flat();
    expect(seen).toEqual(houses);
  });
});
