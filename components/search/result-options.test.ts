import { describe, expect, it } from 'vitest';
import type { HousePrice, HouseSummary } from '@/lib/booking/types';
import { filterHouses, parsePage, parsePetsAllowed, parseSort, payablePrice, sortHouses } from './result-options';

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

const houses = [house(1, 4, price(500)), house(2, 8, price(600, 450)), house(3, null, null, 2), house(4, 4, price(450))];

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
});
