import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY, type Party } from '@/lib/booking/party';
import type { Fact, Feature, HouseDetail, HousePrice, Service } from '@/lib/booking/types';
import {
  allSame,
  compareHouses,
  markBest,
  priceCell,
  toComparedHouse,
  type ComparedHouse,
} from './compare-rows';

const STAY = { startDate: '2027-06-04', endDate: '2027-06-11' };
const TWO: Party = { ...DEFAULT_PARTY };

function price(amount: number, extra: Partial<HousePrice> = {}): HousePrice {
  return { ...STAY, full: amount, nights: 7, perNight: amount / 7, currency: 'EUR', ...extra };
}

function detail(over: Partial<HouseDetail> & { facts?: Fact[] } = {}): HouseDetail {
  return {
    id: 1,
    name: 'Dune Lodge',
    persons: 4,
    maxPets: 0,
    facts: [
      { key: 'persons', label: '', value: 4 },
      { key: 'bedrooms', label: '', value: 2 },
      { key: 'surface', label: '', value: '70 m²' },
    ],
    descriptions: { location: '', interior: '', surroundings: '', parkConditions: '' },
    pictures: [{ url: 'https://pics.example/1.jpg', thumbnail: 'https://pics.example/1-s.jpg' }],
    virtualTourLink: null,
    mandatoryServices: [],
    optionalServices: [],
    preferences: [],
    features: [],
    availableStartDates: [STAY.startDate],
    availableEndDates: [STAY.endDate],
    selectedPeriod: price(700),
    ...over,
  };
}

const feature = (keyword: string, available: boolean): Feature => ({
  keyword,
  name: keyword.toUpperCase(),
  available,
});
const service = (name: string, cost: number): Service => ({
  id: cost,
  name,
  cost,
  costType: 'PER_STAY',
  hasDatePicker: false,
});

function column(over: Partial<ComparedHouse> = {}): ComparedHouse {
  return {
    id: 1,
    name: 'A',
    picture: null,
    facts: { persons: 4, bedrooms: 2, bathrooms: 1, beds: 4, surface: '70 m²', pets: 0 },
    features: [],
    mandatory: [],
    price: { kind: 'price', price: price(700) },
    ...over,
  };
}

describe('marking the best value of a row', () => {
  it('marks the highest value, every column that has it', () => {
    expect(markBest([2, 4, 4, 3], 'higher')).toEqual([false, true, true, false]);
  });

  it('marks the lowest value where lower is better (a price)', () => {
    expect(markBest([900, 700, 800], 'lower')).toEqual([false, true, false]);
  });

  it('marks nothing when the values it can compare are all equal', () => {
    expect(markBest([3, 3, null], 'higher')).toEqual([false, false, false]);
  });

  it('never marks a value the partner did not give, and needs two known values', () => {
    expect(markBest([null, 5, null], 'higher')).toEqual([false, false, false]);
    expect(markBest([null, 5, 2], 'higher')).toEqual([false, true, false]);
  });
});

describe('rows where every house is the same', () => {
  it('are told apart only with two houses or more', () => {
    expect(allSame(['4', '4', '4'])).toBe(true);
    expect(allSame(['4', '5'])).toBe(false);
    expect(allSame(['4'])).toBe(false);
  });
});

describe('the price a column shows', () => {
  it('is the price of exactly the stay asked for, for this party', () => {
    expect(priceCell(detail(), STAY, TWO)).toEqual({ kind: 'price', price: price(700) });
  });

  it('is "no price for these dates" when the house priced other dates or none', () => {
    expect(priceCell(detail({ selectedPeriod: null }), STAY, TWO)).toEqual({ kind: 'noPrice' });
    const other = price(650, { startDate: '2027-06-05', endDate: '2027-06-12' });
    expect(priceCell(detail({ selectedPeriod: other }), STAY, TWO)).toEqual({ kind: 'noPrice' });
  });

  it('is named as another party’s price when the partner says it priced another party', () => {
    const forTwo = price(700, { pricedFor: { persons: 2 } });
    const family: Party = { ...TWO, child0512: 2 };
    expect(priceCell(detail({ selectedPeriod: forTwo }), STAY, family).kind).toBe('otherParty');
    expect(priceCell(detail({ selectedPeriod: forTwo }), STAY, TWO).kind).toBe('price');
  });

  it('asks for dates when the address chose none', () => {
    expect(priceCell(detail(), {}, TWO)).toEqual({ kind: 'noDates' });
  });

  it('says why when the party cannot stay in the house at all', () => {
    expect(priceCell(detail(), STAY, { ...TWO, adults: 6 })).toEqual({
      kind: 'partyProblem',
      problem: 'tooManyForHouse',
    });
    expect(priceCell(detail(), STAY, { ...TWO, pets: 1 })).toEqual({
      kind: 'partyProblem',
      problem: 'petsNotAllowed',
    });
  });
});

describe('a column made from the house details', () => {
  it('takes its facts from what the partner sent, unknown where it sent nothing', () => {
    const house = toComparedHouse(detail(), STAY, TWO);
    expect(house.facts).toEqual({
      persons: 4,
      bedrooms: 2,
      bathrooms: null,
      beds: null,
      surface: '70 m²',
      pets: null,
    });
    expect(house.picture?.thumbnail).toBe('https://pics.example/1-s.jpg');
  });

  it('counts pets only when the partner said how many (0 is "no pets", not "unknown")', () => {
    const withFact = detail({ maxPets: 0, facts: [{ key: 'pets', label: '', value: 0 }] });
    expect(toComparedHouse(withFact, STAY, TWO).facts.pets).toBe(0);
  });
});

describe('comparing houses', () => {
  it('marks the lowest price only among prices for this party and this stay', () => {
    const houses = [
      column({ price: { kind: 'price', price: price(900) } }),
      column({ price: { kind: 'otherParty', price: price(500) } }),
      column({ price: { kind: 'price', price: price(800, { discounted: 750 }) } }),
      column({ price: { kind: 'noPrice' } }),
    ];
    expect(compareHouses(houses).price).toEqual({ best: [false, false, true, false], same: false });
  });

  it('dims the price row only when every house has the same price for this party', () => {
    const priced = (amount: number) => column({ price: { kind: 'price', price: price(amount) } });
    expect(compareHouses([priced(700), priced(700)]).price).toEqual({ best: [false, false], same: true });
    const noDates = column({ price: { kind: 'noDates' } });
    expect(compareHouses([noDates, noDates]).price.same).toBe(false);
  });

  it('marks the most room and the largest surface, and dims facts every house shares', () => {
    const houses = [
      column({ facts: { persons: 4, bedrooms: 2, bathrooms: 1, beds: 4, surface: '70 m²', pets: 0 } }),
      column({ facts: { persons: 6, bedrooms: 3, bathrooms: 1, beds: 6, surface: '1.050 m²', pets: 2 } }),
    ];
    const { facts } = compareHouses(houses);
    expect(facts.persons).toEqual({ best: [false, true], same: false });
    expect(facts.surface).toEqual({ best: [false, true], same: false });
    expect(facts.pets.best).toEqual([false, true]);
    expect(facts.bathrooms).toEqual({ best: [false, false], same: true });
  });

  it('compares surfaces by their square metres, and marks none when only one can be read', () => {
    const surfaces = (a: string, b: string) =>
      compareHouses([
        column({ facts: { ...column().facts, surface: a } }),
        column({ facts: { ...column().facts, surface: b } }),
      ]).facts.surface.best;
    expect(surfaces('85,5 m²', '85 m²')).toEqual([true, false]);
    expect(surfaces('large', '70 m²')).toEqual([false, false]);
  });

  it('lists every feature any house names, marking the houses that have one the others lack', () => {
    const houses = [
      column({ features: [feature('wifi', true), feature('sauna', false)] }),
      column({ features: [feature('wifi', true), feature('sauna', true)] }),
      column({ features: [feature('wifi', true)] }),
    ];
    const rows = compareHouses(houses).features;
    expect(rows.map((row) => row.key)).toEqual(['wifi', 'sauna']);
    expect(rows[0]).toMatchObject({ cells: [true, true, true], same: true, best: [false, false, false] });
    expect(rows[1]).toMatchObject({ cells: [false, true, null], same: false, best: [false, true, false] });
  });

  it('treats the same mandatory costs in another order as the same, and marks none as best', () => {
    const houses = [
      column({ mandatory: [service('Cleaning', 80), service('Linen', 20)] }),
      column({ mandatory: [service('Linen', 20), service('Cleaning', 80)] }),
    ];
    expect(compareHouses(houses).mandatory).toEqual({ best: [false, false], same: true });
    const differing = [houses[0]!, column({ mandatory: [service('Cleaning', 95)] })];
    expect(compareHouses(differing).mandatory.same).toBe(false);
  });

  it('marks nothing and dims nothing for a single house', () => {
    const comparison = compareHouses([column()]);
    expect(comparison.price).toEqual({ best: [false], same: false });
    expect(comparison.facts.persons).toEqual({ best: [false], same: false });
  });
});
