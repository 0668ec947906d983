/**
 * The search page's filters on the houses the partner found (bedrooms, bathrooms, surface, total
 * price), the number of houses each choice leaves, and which filter emptied a list. All of it is
 * worked out from the one search answer the page already holds, so filtering costs no partner
 * call. A house that does not say a value a filter needs (or says it in words the site cannot
 * read) is left out while that filter is on, and counted, so the page can say how many.
 */
import { SEARCH_FILTER_PARAMS, type SearchFilterParam } from './deep-link';
import type { Party } from './party';
import { priceFitsParty } from './price-party';
import type { SearchFilters } from './search-filter-params';
import { parseSurfaceM2 } from './surface';
import type { HouseSummary } from './types';

/**
 * The total for the stay the result card shows as the party's price (the discounted price when
 * there is one); null when the house has no price, or only one the partner made for another party.
 */
export function partyTotalPrice(house: HouseSummary, party: Party): number | null {
  const price = house.price;
  if (!price || !priceFitsParty(price, party)) return null;
  return price.discounted ?? price.full;
}

/** The house's value a filter compares with its limit; null when the house does not say it. */
export function filterValue(house: HouseSummary, param: SearchFilterParam, party: Party): number | null {
  switch (param) {
    case 'minBedrooms':
      return house.bedrooms;
    case 'minBathrooms':
      return house.bathrooms;
    case 'minSurface':
      return parseSurfaceM2(house.surface);
    case 'maxPrice':
      return partyTotalPrice(house, party);
  }
}

type Outcome = 'pass' | 'fail' | 'unknown';

function check(house: HouseSummary, param: SearchFilterParam, limit: number, party: Party): Outcome {
  const value = filterValue(house, param, party);
  if (value === null) return 'unknown';
  const passes = param === 'maxPrice' ? value <= limit : value >= limit;
  return passes ? 'pass' : 'fail';
}

/** The houses that pass every filter that is on, except `except`, in the order given. */
function keepPassing(
  houses: readonly HouseSummary[],
  filters: SearchFilters,
  party: Party,
  except?: SearchFilterParam,
): HouseSummary[] {
  const active = SEARCH_FILTER_PARAMS.filter((param) => param !== except && filters[param] !== undefined);
  return houses.filter((house) =>
    active.every((param) => check(house, param, filters[param]!, party) === 'pass'),
  );
}

/** The houses that pass every filter that is on, in the order given. */
export function applySearchFilters(
  houses: readonly HouseSummary[],
  filters: SearchFilters,
  party: Party,
): HouseSummary[] {
  return keepPassing(houses, filters, party);
}

/**
 * For each filter that is on, the houses left out only because they do not say its value: those
 * every other filter keeps, so the number is what this filter alone hides for want of a value.
 */
export function countUnknown(
  houses: readonly HouseSummary[],
  filters: SearchFilters,
  party: Party,
): Partial<Record<SearchFilterParam, number>> {
  const counts: Partial<Record<SearchFilterParam, number>> = {};
  for (const param of SEARCH_FILTER_PARAMS) {
    if (filters[param] === undefined) continue;
    const unknown = keepPassing(houses, filters, party, param).filter(
      (house) => filterValue(house, param, party) === null,
    ).length;
    if (unknown > 0) counts[param] = unknown;
  }
  return counts;
}

/** How many bedrooms and bathrooms the choices go up to, however large the largest house. */
const MAX_ROOM_CHOICE: Readonly<Record<'minBedrooms' | 'minBathrooms', number>> = {
  minBedrooms: 10,
  minBathrooms: 6,
};
/** Surface minimums offered, in square metres. */
export const SURFACE_STEPS = [30, 40, 50, 60, 70, 80, 90, 100, 120, 150, 200, 250, 300, 400, 500] as const;
/** Price maximums offered for the stay, in euros. */
export const PRICE_STEPS = [
  100, 150, 200, 250, 300, 400, 500, 600, 700, 800, 900, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 4000, 5000,
  7500, 10_000, 15_000, 20_000,
] as const;

/**
 * The limits worth offering for a filter, from the values the houses found have: a minimum up to
 * the largest house's value, a maximum price from the cheapest house's up to the first that every
 * priced house is under. A limit from the address that is not among them is offered too, so the
 * form shows what is applied.
 */
function candidateLimits(param: SearchFilterParam, values: number[], current: number | undefined): number[] {
  let limits: number[] = [];
  if (values.length > 0) {
    const low = Math.min(...values);
    const high = Math.max(...values);
    if (param === 'minBedrooms' || param === 'minBathrooms') {
      const top = Math.min(MAX_ROOM_CHOICE[param], Math.floor(high));
      limits = Array.from({ length: Math.max(0, top) }, (_, i) => i + 1);
    } else if (param === 'minSurface') {
      limits = SURFACE_STEPS.filter((step) => step <= high);
    } else {
      const first = PRICE_STEPS.findIndex((step) => step >= low);
      const last = PRICE_STEPS.findIndex((step) => step >= high);
      if (first !== -1) limits = PRICE_STEPS.slice(first, last === -1 ? undefined : last + 1);
    }
  }
  if (current !== undefined && !limits.includes(current)) limits.push(current);
  return limits.sort((a, b) => a - b);
}

export interface FilterChoice {
  limit: number;
  /** Houses the list would show with this limit and the other filters as they are. */
  count: number;
}

export interface FilterChoices {
  /** Houses the list would show without this filter, the other filters as they are. */
  any: number;
  choices: FilterChoice[];
}

/**
 * For each filter, the limits to offer and the number of houses each leaves with the other filters
 * as chosen (so the numbers in the form are what applying the choice shows). The limits come from
 * every house found, so they stay put while the guest combines filters.
 */
export function getFilterChoices(
  houses: readonly HouseSummary[],
  filters: SearchFilters,
  party: Party,
): Record<SearchFilterParam, FilterChoices> {
  const result = {} as Record<SearchFilterParam, FilterChoices>;
  for (const param of SEARCH_FILTER_PARAMS) {
    const values = houses.flatMap((house) => {
      const value = filterValue(house, param, party);
      return value === null ? [] : [value];
    });
    const rest = keepPassing(houses, filters, party, param);
    result[param] = {
      any: rest.length,
      choices: candidateLimits(param, values, filters[param]).map((limit) => ({
        limit,
        count: rest.filter((house) => check(house, param, limit, party) === 'pass').length,
      })),
    };
  }
  return result;
}

/** A filter that alone empties the list: without it `without` houses show, `missed` of them miss its limit. */
export interface FilterBlock {
  param: SearchFilterParam;
  limit: number;
  without: number;
  missed: number;
}

/**
 * Why the filters leave no house of those found: each filter whose removal alone would bring
 * houses back, with how many miss its limit. None when only removing several together helps (or
 * when the list is not empty).
 */
export function explainNoMatch(
  houses: readonly HouseSummary[],
  filters: SearchFilters,
  party: Party,
): FilterBlock[] {
  if (houses.length === 0 || applySearchFilters(houses, filters, party).length > 0) return [];
  return SEARCH_FILTER_PARAMS.flatMap((param) => {
    const limit = filters[param];
    if (limit === undefined) return [];
    const rest = keepPassing(houses, filters, party, param);
    if (rest.length === 0) return [];
    const missed = rest.filter((house) => check(house, param, limit, party) === 'fail').length;
    return [{ param, limit, without: rest.length, missed }];
  });
}
