/**
 * The search page's filters in its address (`minBedrooms`, `minBathrooms`, `minSurface`,
 * `maxPrice`, see SEARCH_FILTER_PARAMS). Like the criteria, a link is read without ever throwing:
 * a value the page cannot use is left out and reported with a stable code, so the page explains
 * it; the JSON API refuses the same values (lib/http/search-filters-query.ts) by the same rule.
 */
import {
  SEARCH_FILTER_PARAMS,
  readValues,
  type SearchFilterParam,
  type SearchParamsInput,
} from './deep-link';

/** The filters a search asks for; a filter not named is not applied. */
export type SearchFilters = Partial<Record<SearchFilterParam, number>>;

/**
 * The values a filter takes. Beyond these a value is a typo or a probe rather than a wish (no
 * house has 21 bedrooms), and a minimum of zero filters nothing.
 */
export const FILTER_LIMITS: Readonly<Record<SearchFilterParam, { min: number; max: number }>> = {
  minBedrooms: { min: 1, max: 20 },
  minBathrooms: { min: 1, max: 20 },
  minSurface: { min: 1, max: 10_000 },
  maxPrice: { min: 1, max: 1_000_000 },
};

export const FILTER_ISSUE_CODES = ['invalid_filter', 'repeated_param'] as const;
export type FilterIssueCode = (typeof FILTER_ISSUE_CODES)[number];

/** A filter value the page could not use as given: left out (invalid) or its first value taken. */
export interface FilterIssue {
  param: SearchFilterParam;
  code: FilterIssueCode;
}

/**
 * The number a filter value stands for, or null. Counts and square metres are whole numbers; a
 * price is euros, with at most two decimals. Plain digits only: "1e3", "0x10" or "3+" are not
 * what the form sends.
 */
export function readFilterValue(param: SearchFilterParam, raw: string): number | null {
  const text = raw.trim();
  const pattern = param === 'maxPrice' ? /^\d{1,7}(?:\.\d{1,2})?$/ : /^\d{1,5}$/;
  if (!pattern.test(text)) return null;
  const value = Number(text);
  const { min, max } = FILTER_LIMITS[param];
  return value >= min && value <= max ? value : null;
}

/** Reads the filters of an address. Never throws; see FILTER_ISSUE_CODES for what it reports. */
export function parseSearchFilters(params: SearchParamsInput): {
  filters: SearchFilters;
  issues: FilterIssue[];
} {
  const filters: SearchFilters = {};
  const issues: FilterIssue[] = [];
  for (const param of SEARCH_FILTER_PARAMS) {
    const values = readValues(params, param);
    if (values.length === 0) continue;
    if (new Set(values).size > 1) issues.push({ param, code: 'repeated_param' });
    const value = readFilterValue(param, values[0]!);
    if (value === null) issues.push({ param, code: 'invalid_filter' });
    else filters[param] = value;
  }
  return { filters, issues };
}

/** The filters as address parameters, in SEARCH_FILTER_PARAMS order, appended to `params`. */
export function serializeSearchFilters(
  filters: SearchFilters,
  params: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  for (const param of SEARCH_FILTER_PARAMS) {
    const value = filters[param];
    if (value !== undefined) params.set(param, String(value));
  }
  return params;
}

export function hasSearchFilters(filters: SearchFilters): boolean {
  return SEARCH_FILTER_PARAMS.some((param) => filters[param] !== undefined);
}
