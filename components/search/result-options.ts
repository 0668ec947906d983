/**
 * Sorting and the pets filter of the result list. They work on the houses the partner returned
 * for the criteria, so they cost no extra partner call; their parameters (`sort`, `petsAllowed`)
 * belong to the search page only, next to the deep-link criteria.
 */
import { getParty } from '@/lib/booking/deep-link';
import type { Party } from '@/lib/booking/party';
import type { SearchFilters } from '@/lib/booking/search-filter-params';
import { applySearchFilters } from '@/lib/booking/search-filters';
import type { HouseSummary } from '@/lib/booking/types';

export const SORT_OPTIONS = ['price-asc', 'price-desc', 'capacity-desc', 'capacity-asc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'price-asc';

type ParamValue = string | readonly string[] | undefined;

function firstValue(raw: ParamValue): string | undefined {
  return typeof raw === 'string' ? raw : raw?.[0];
}

/** Unknown or repeated values fall back quietly: a sort order is a preference, not a criterion. */
export function parseSort(raw: ParamValue): SortOption {
  const value = firstValue(raw);
  return (SORT_OPTIONS as readonly string[]).includes(value ?? '') ? (value as SortOption) : DEFAULT_SORT;
}

export function parsePetsAllowed(raw: ParamValue): boolean {
  const value = firstValue(raw);
  return value === '1' || value === 'true';
}

/** What the guest pays for the stay (the discounted price when there is one). */
export function payablePrice(house: HouseSummary): number | null {
  return house.price ? (house.price.discounted ?? house.price.full) : null;
}

function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  // Houses the partner gave no number for go last in either direction.
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * direction;
}

/** A sorted copy; equal houses keep the partner's order. */
export function sortHouses(houses: readonly HouseSummary[], sort: SortOption): HouseSummary[] {
  const indexed = houses.map((house, index) => ({ house, index }));
  indexed.sort((a, b) => {
    let diff = 0;
    switch (sort) {
      case 'price-asc':
        diff = compareNullable(payablePrice(a.house), payablePrice(b.house), 1);
        break;
      case 'price-desc':
        diff = compareNullable(payablePrice(a.house), payablePrice(b.house), -1);
        break;
      case 'capacity-desc':
        diff = compareNullable(a.house.persons, b.house.persons, -1);
        break;
      case 'capacity-asc':
        diff = compareNullable(a.house.persons, b.house.persons, 1);
        break;
    }
    return diff || a.index - b.index;
  });
  return indexed.map(({ house }) => house);
}

export function filterHouses(
  houses: readonly HouseSummary[],
  filter: { petsAllowed: boolean },
): HouseSummary[] {
  return filter.petsAllowed ? houses.filter((house) => house.maxPets > 0) : [...houses];
}

/** What the list shows of the houses found, and in which order. */
export interface ListChoices {
  petsAllowed: boolean;
  filters: SearchFilters;
  /** The party the prices must be for, for the price filter. */
  party: Party;
  sort: SortOption;
}

/**
 * The houses the list shows, in order: the pets filter, then the filters on bedrooms, bathrooms,
 * surface and price, then the sort. The page, its "Show more" pages and its link preview all list
 * through this, so they agree on every house and its place.
 */
export function listHouses(houses: readonly HouseSummary[], choices: ListChoices): HouseSummary[] {
  const withPets = filterHouses(houses, { petsAllowed: choices.petsAllowed });
  return sortHouses(applySearchFilters(withPets, choices.filters, choices.party), choices.sort);
}

/**
 * Houses per page. `?page=N` shows the first N pages (the houses a guest sees after pressing
 * "Show more" N - 1 times), so the address of what is on screen is a real link that works
 * without JavaScript and can be shared or reloaded; the first page stays light.
 */
export const PAGE_SIZE = 10;

/**
 * `page` is a display preference of the search page, not a search criterion: a missing, zero,
 * negative, non-numeric or over-long value quietly means the first page (a repeated one: its first).
 */
export function parsePage(raw: ParamValue): number {
  const value = firstValue(raw);
  const page = value !== undefined && /^\d{1,3}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

/** The houses `?page=N` shows and where the next page starts. */
export interface ResultWindow {
  /** The page actually shown: the one asked for, at most the last page. */
  page: number;
  pageCount: number;
  /** How many houses the page shows, counted from the first. */
  shown: number;
  total: number;
  /** Index of the first house the page adds to the one before it. */
  firstOfPage: number;
}

export function getResultWindow(total: number, requestedPage: number): ResultWindow {
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page past the end (the results shrank since the link was made) shows every house.
  const page = Math.min(Math.max(1, Math.trunc(requestedPage)), pageCount);
  return {
    page,
    pageCount,
    shown: Math.min(total, page * PAGE_SIZE),
    total,
    firstOfPage: (page - 1) * PAGE_SIZE,
  };
}

/** The houses page `page` adds to the list: what "Show more" appends. */
export function getPageHouses<T>(houses: readonly T[], window: ResultWindow): T[] {
  return houses.slice(window.firstOfPage, window.shown);
}

/** The results heading's id: the list is labelled by it, and focus moves to it after a search. */
export const RESULTS_HEADING_ID = 'results-heading';

/**
 * The list choices a search address makes: its sort, its pets filter (only for a party without
 * pets: a party with pets is searched for houses that take them already), its filters and party.
 */
export function choicesFromAddress(
  raw: { sort?: ParamValue; petsAllowed?: ParamValue },
  criteria: Party,
  filters: SearchFilters,
): ListChoices {
  return {
    petsAllowed: parsePetsAllowed(raw.petsAllowed) && criteria.pets === 0,
    filters,
    party: getParty(criteria),
    sort: parseSort(raw.sort),
  };
}
