import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY, type Party } from './party';
import {
  applySearchFilters,
  countUnknown,
  explainNoMatch,
  getFilterChoices,
  partyTotalPrice,
} from './search-filters';
import type { HousePrice, HouseSummary } from './types';

const PARTY: Party = { ...DEFAULT_PARTY, adults: 4 };

function price(full: number, discounted?: number, pricedFor?: HousePrice['pricedFor']): HousePrice {
  return {
    startDate: '2027-03-05',
    endDate: '2027-03-08',
    nights: 3,
    full,
    ...(discounted !== undefined ? { discounted } : {}),
    perNight: (discounted ?? full) / 3,
    currency: 'EUR',
    ...(pricedFor ? { pricedFor } : {}),
  };
}

function house(
  id: number,
  facts: {
    bedrooms?: number | null;
    bathrooms?: number | null;
    surface?: string | null;
    price?: HousePrice | null;
  },
): HouseSummary {
  return {
    id,
    name: `House ${id}`,
    persons: 6,
    bedrooms: facts.bedrooms ?? null,
    bathrooms: facts.bathrooms ?? null,
    beds: null,
    maxPets: 0,
    surface: facts.surface ?? null,
    picture: null,
    pictures: [],
    description: '',
    price: facts.price ?? null,
  };
}

const HOUSES: HouseSummary[] = [
  house(1, { bedrooms: 2, bathrooms: 1, surface: '55 m²', price: price(400, 350) }),
  house(2, { bedrooms: 3, bathrooms: 2, surface: '85m2', price: price(700) }),
  house(3, { bedrooms: 4, bathrooms: 2, surface: '1.120 m²', price: price(1200, 990) }),
  house(4, { bedrooms: 3, bathrooms: 1, surface: 'spacious', price: price(500) }),
  house(5, { bedrooms: null, bathrooms: 3, surface: '130 m²', price: null }),
  // Priced for the partner's default two adults, not for this party of four.
  house(6, { bedrooms: 5, bathrooms: 3, surface: '150 m²', price: price(300, undefined, { persons: 2 }) }),
];

const ids = (houses: HouseSummary[]) => houses.map((h) => h.id);

describe('partyTotalPrice', () => {
  it('is the discounted total when there is one, as the card shows it', () => {
    expect(partyTotalPrice(HOUSES[0]!, PARTY)).toBe(350);
    expect(partyTotalPrice(HOUSES[1]!, PARTY)).toBe(700);
  });

  it('is unknown without a price or with a price the partner made for another party', () => {
    expect(partyTotalPrice(HOUSES[4]!, PARTY)).toBeNull();
    expect(partyTotalPrice(HOUSES[5]!, PARTY)).toBeNull();
    expect(partyTotalPrice(HOUSES[5]!, { ...DEFAULT_PARTY, adults: 2 })).toBe(300);
  });
});

describe('applySearchFilters', () => {
  it('keeps every house, in order, when no filter is on', () => {
    expect(ids(applySearchFilters(HOUSES, {}, PARTY))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps houses with at least the bedrooms and bathrooms asked, leaving out those that do not say', () => {
    expect(ids(applySearchFilters(HOUSES, { minBedrooms: 3 }, PARTY))).toEqual([2, 3, 4, 6]);
    expect(ids(applySearchFilters(HOUSES, { minBathrooms: 2 }, PARTY))).toEqual([2, 3, 5, 6]);
    expect(ids(applySearchFilters(HOUSES, { minBedrooms: 3, minBathrooms: 2 }, PARTY))).toEqual([2, 3, 6]);
  });

  it('reads the surface text and leaves out a house whose surface cannot be read', () => {
    expect(ids(applySearchFilters(HOUSES, { minSurface: 85 }, PARTY))).toEqual([2, 3, 5, 6]);
    expect(ids(applySearchFilters(HOUSES, { minSurface: 1000 }, PARTY))).toEqual([3]);
  });

  it('compares the party’s total (discounted when there is one) with the maximum, leaving out houses without a price for the party', () => {
    expect(ids(applySearchFilters(HOUSES, { maxPrice: 350 }, PARTY))).toEqual([1]);
    expect(ids(applySearchFilters(HOUSES, { maxPrice: 1000 }, PARTY))).toEqual([1, 2, 3, 4]);
    expect(ids(applySearchFilters(HOUSES, { maxPrice: 349.99 }, PARTY))).toEqual([]);
  });
});

describe('countUnknown', () => {
  it('counts, per filter that is on, the houses it leaves out only for want of a readable value', () => {
    expect(countUnknown(HOUSES, { minSurface: 50, maxPrice: 5000 }, PARTY)).toEqual({
      minSurface: 1,
      maxPrice: 2,
    });
    expect(countUnknown(HOUSES, { minBedrooms: 1 }, PARTY)).toEqual({ minBedrooms: 1 });
    expect(countUnknown(HOUSES, {}, PARTY)).toEqual({});
  });

  it('does not count a house another filter leaves out anyway', () => {
    // House 4 (surface unreadable) has one bathroom: the bathroom filter hides it already.
    expect(countUnknown(HOUSES, { minSurface: 50, minBathrooms: 2 }, PARTY)).toEqual({});
  });
});

describe('getFilterChoices', () => {
  it('offers bedroom minimums up to the largest house, each with the houses it leaves', () => {
    const { minBedrooms } = getFilterChoices(HOUSES, {}, PARTY);
    expect(minBedrooms.any).toBe(6);
    expect(minBedrooms.choices).toEqual([
      { limit: 1, count: 5 },
      { limit: 2, count: 5 },
      { limit: 3, count: 4 },
      { limit: 4, count: 2 },
      { limit: 5, count: 1 },
    ]);
  });

  it('counts each choice with the other filters as chosen, so the number is what applying it shows', () => {
    const choices = getFilterChoices(HOUSES, { maxPrice: 800, minBedrooms: 3 }, PARTY);
    // Under €800: houses 1, 2 and 4.
    expect(choices.minBedrooms.any).toBe(3);
    expect(choices.minBedrooms.choices.find((c) => c.limit === 3)?.count).toBe(2);
    // With 3+ bedrooms: houses 2, 3, 4 and 6; 6 has no price for this party.
    expect(choices.maxPrice.any).toBe(4);
    const counts = Object.fromEntries(choices.maxPrice.choices.map((c) => [c.limit, c.count]));
    expect(counts).toMatchObject({ 500: 1, 700: 2, 800: 2, 1000: 3 });
    for (const param of ['minBedrooms', 'maxPrice'] as const) {
      const chosen = choices[param].choices.find((c) => c.limit === (param === 'minBedrooms' ? 3 : 800));
      expect(chosen?.count).toBe(applySearchFilters(HOUSES, { maxPrice: 800, minBedrooms: 3 }, PARTY).length);
    }
  });

  it('offers price maximums from the first a house fits under to the first every priced house fits under', () => {
    const limits = getFilterChoices(HOUSES, {}, PARTY).maxPrice.choices.map((c) => c.limit);
    expect(limits[0]).toBe(400);
    expect(limits[limits.length - 1]).toBe(1000);
    expect(limits).toEqual([...limits].sort((a, b) => a - b));
  });

  it('offers surface minimums up to the largest readable surface', () => {
    const limits = getFilterChoices(HOUSES, {}, PARTY).minSurface.choices.map((c) => c.limit);
    expect(limits[0]).toBe(30);
    expect(limits).toContain(500);
    expect(Math.max(...limits)).toBeLessThanOrEqual(1120);
  });

  it('offers a limit from the address that is not a step, so the form shows what is applied', () => {
    const { maxPrice, minBedrooms } = getFilterChoices(HOUSES, { maxPrice: 777, minBedrooms: 9 }, PARTY);
    expect(maxPrice.choices.map((c) => c.limit)).toContain(777);
    expect(minBedrooms.choices.at(-1)).toEqual({ limit: 9, count: 0 });
  });

  it('offers no limits for a value no house gives', () => {
    const bare = [house(1, {}), house(2, { surface: 'n/a' })];
    const choices = getFilterChoices(bare, {}, PARTY);
    for (const param of ['minBedrooms', 'minBathrooms', 'minSurface', 'maxPrice'] as const) {
      expect(choices[param]).toEqual({ any: 2, choices: [] });
    }
  });
});

describe('explainNoMatch', () => {
  it('names the filter that alone empties the list, with how many houses miss its limit', () => {
    expect(explainNoMatch(HOUSES, { minBedrooms: 6 }, PARTY)).toEqual([
      { param: 'minBedrooms', limit: 6, without: 6, missed: 5 },
    ]);
  });

  it('names each filter whose removal alone brings houses back', () => {
    // 5+ bedrooms: only house 6, which has no price for the party; under €500: houses 1 and 4.
    expect(explainNoMatch(HOUSES, { minBedrooms: 5, maxPrice: 500 }, PARTY)).toEqual([
      { param: 'minBedrooms', limit: 5, without: 2, missed: 2 },
      { param: 'maxPrice', limit: 500, without: 1, missed: 0 },
    ]);
  });

  it('names none when only removing several filters together helps, or when houses are left', () => {
    expect(explainNoMatch(HOUSES, { minBedrooms: 5, minBathrooms: 4, maxPrice: 200 }, PARTY)).toEqual([]);
    expect(explainNoMatch(HOUSES, { minBedrooms: 3 }, PARTY)).toEqual([]);
    expect(explainNoMatch([], { minBedrooms: 3 }, PARTY)).toEqual([]);
  });
});
