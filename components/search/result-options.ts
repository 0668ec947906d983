/**
 * Sorting and the pets filter of the result list. They work on the houses the partner returned
 * for the criteria, so they cost no extra partner call; their parameters (`sort`, `petsAllowed`)
 * belong to the search page only, next to the deep-link criteria.
 */
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

export function filterHouses(houses: readonly HouseSummary[], filter: { petsAllowed: boolean }): HouseSummary[] {
  return filter.petsAllowed ? houses.filter((house) => house.maxPets > 0) : [...houses];
}

/** Houses per "page"; further pages add to the list ("show more"), so the link works without JavaScript. */
export const PAGE_SIZE = 20;

export function parsePage(raw: ParamValue): number {
  const value = firstValue(raw);
  const page = value !== undefined && /^\d{1,3}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}
