/**
 * What the compare page shows of each house and which differences it points out. Pure rules,
 * so they can be tested without a page: a value is marked best only where the houses differ
 * and it can be compared at all, and a row where every house is the same is told apart so the
 * page can dim it.
 */
import type { StayDates } from '@/lib/booking/dates';
import type { Party } from '@/lib/booking/party';
import { priceFitsParty } from '@/lib/booking/price-party';
import { parseSurfaceM2 } from '@/lib/booking/surface';
import type { Feature, HouseDetail, HousePrice, Picture, Service } from '@/lib/booking/types';
import { getPartyProblem, offersArrival, type PartyProblem } from './house-stay';

export const FACT_ROWS = ['persons', 'bedrooms', 'bathrooms', 'beds', 'surface', 'pets'] as const;
export type FactRow = (typeof FACT_ROWS)[number];

/** What the page can say about the price of the stay in one house. */
export type PriceCell =
  /** The price of exactly this stay, for this party. */
  | { kind: 'price'; price: HousePrice }
  /** A price of this stay, but the partner says it priced another party. */
  | { kind: 'otherParty'; price: HousePrice }
  /** The house does not offer this stay (or gave no price for it). */
  | { kind: 'noPrice' }
  /** No stay chosen: there is nothing to price. */
  | { kind: 'noDates' }
  /** The party cannot stay in this house, whatever the dates. */
  | { kind: 'partyProblem'; problem: PartyProblem };

export interface ComparedHouse {
  id: number;
  name: string;
  picture: Picture | null;
  /** Each fact's value; null where the partner did not say. */
  facts: Record<FactRow, number | string | null>;
  features: Feature[];
  mandatory: Service[];
  price: PriceCell;
}

/** The marks of one row: the columns holding its best value, and whether all columns are the same. */
export interface RowMarks {
  best: boolean[];
  same: boolean;
}

export interface FeatureRow extends RowMarks {
  key: string;
  name: string;
  /** Per house: has it, does not have it, or does not say (null). */
  cells: (boolean | null)[];
}

export interface Comparison {
  facts: Record<FactRow, RowMarks>;
  price: RowMarks;
  features: FeatureRow[];
  mandatory: RowMarks;
}

function factValue(house: HouseDetail, key: FactRow): number | string | null {
  const fact = house.facts.find((entry) => entry.key === key);
  if (key === 'persons') return house.persons ?? (typeof fact?.value === 'number' ? fact.value : null);
  // maxPets is 0 when the partner did not say; only a fact the partner sent is a number of pets.
  if (key === 'pets') return fact ? house.maxPets : null;
  return fact?.value ?? null;
}

/** The price cell of a house for the stay and party the page asks about. */
export function priceCell(house: HouseDetail, stay: Partial<StayDates>, party: Party): PriceCell {
  const problem = getPartyProblem(party, house);
  if (problem !== null) return { kind: 'partyProblem', problem };
  if (stay.startDate === undefined || stay.endDate === undefined) return { kind: 'noDates' };
  const period = house.selectedPeriod;
  const wanted = { startDate: stay.startDate, endDate: stay.endDate };
  // A price is this stay's only when it is for exactly these dates.
  if (!period || period.startDate !== wanted.startDate || period.endDate !== wanted.endDate)
    return { kind: 'noPrice' };
  if (!offersArrival(house, wanted)) return { kind: 'noPrice' };
  return priceFitsParty(period, party)
    ? { kind: 'price', price: period }
    : { kind: 'otherParty', price: period };
}

export function toComparedHouse(house: HouseDetail, stay: Partial<StayDates>, party: Party): ComparedHouse {
  return {
    id: house.id,
    name: house.name,
    picture: house.pictures[0] ?? null,
    facts: Object.fromEntries(FACT_ROWS.map((key) => [key, factValue(house, key)])) as ComparedHouse['facts'],
    features: house.features,
    mandatory: house.mandatoryServices,
    price: priceCell(house, stay, party),
  };
}

/**
 * The columns holding a row's best value: the highest or lowest of the values known. Nothing is
 * marked when fewer than two houses have a value to compare, or all of those values are equal.
 */
export function markBest(values: readonly (number | null)[], better: 'higher' | 'lower'): boolean[] {
  const known = values.filter((value): value is number => value !== null);
  if (known.length < 2 || new Set(known).size < 2) return values.map(() => false);
  const best = better === 'higher' ? Math.max(...known) : Math.min(...known);
  return values.map((value) => value === best);
}

/** Whether every column shows the same thing (a single house is never "all the same"). */
export function allSame(keys: readonly string[]): boolean {
  return keys.length > 1 && keys.every((key) => key === keys[0]);
}

function amountOf(cell: PriceCell): number | null {
  return cell.kind === 'price' ? (cell.price.discounted ?? cell.price.full) : null;
}

function servicesKey(services: readonly Service[]): string {
  return services
    .map((service) => `${service.name}|${service.cost}|${service.costType}`)
    .sort()
    .join('\n');
}

function featureKey(feature: Feature): string {
  return (feature.keyword || feature.name).toLowerCase();
}

/**
 * One row per feature any house lists, in the order first met. A house that does not list a
 * feature says nothing about it (null), which is neither a difference nor a match.
 */
function featureRows(houses: readonly ComparedHouse[]): FeatureRow[] {
  const names = new Map<string, string>();
  for (const house of houses)
    for (const feature of house.features) {
      if (!names.has(featureKey(feature))) names.set(featureKey(feature), feature.name);
    }
  return [...names].map(([key, name]) => {
    const cells = houses.map(
      (house) => house.features.find((feature) => featureKey(feature) === key)?.available ?? null,
    );
    const known = cells.filter((cell) => cell !== null);
    const differs = new Set(known).size > 1;
    return {
      key,
      name,
      cells,
      best: cells.map((cell) => differs && cell === true),
      same: allSame(cells.map(String)),
    };
  });
}

/** The marks of every row of the page. Only prices of this party for this stay are compared. */
export function compareHouses(houses: readonly ComparedHouse[]): Comparison {
  const facts = Object.fromEntries(
    FACT_ROWS.map((key) => {
      const values = houses.map((house) => house.facts[key]);
      const numbers = values.map((v) =>
        typeof v === 'number' ? v : key === 'surface' ? parseSurfaceM2(v) : null,
      );
      return [key, { best: markBest(numbers, 'higher'), same: allSame(values.map(String)) }];
    }),
  ) as Record<FactRow, RowMarks>;
  const amounts = houses.map((house) => amountOf(house.price));
  return {
    facts,
    price: {
      best: markBest(amounts, 'lower'),
      // Only equal prices are "the same": houses that all lack one have nothing in common to dim.
      same: amounts.every((amount) => amount !== null) && allSame(amounts.map(String)),
    },
    features: featureRows(houses),
    mandatory: {
      best: houses.map(() => false),
      same: allSame(houses.map((house) => servicesKey(house.mandatory))),
    },
  };
}
