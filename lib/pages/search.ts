import 'server-only';
import { getToday, type CalendarDate } from '@/lib/booking/dates';
import { parseCriteria, type ParsedCriteria, type SearchParamsInput } from '@/lib/booking/deep-link';
import { parseSearchFilters, type FilterIssue, type SearchFilters } from '@/lib/booking/search-filter-params';
import type { HouseType, Park, ParkHouse, SearchResults } from '@/lib/booking/types';
import { getActiveHouses, getHouseTypeFilter, getParkList, searchHouses } from '@/lib/partner-api';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { isPartnerError } from '@/lib/partner-api/errors';
import { loadPageData, type PageData } from './failure';
import { findPark, keepParkHouses, readActiveHouses } from './park';
import { diagnoseEmptySearch, type Diagnosis } from './search-diagnosis';

/**
 * The search page's data: the criteria the address asks for (corrected where it had to be),
 * the reference data that names house types and parks, and the partner's answer.
 */

export type SearchAnswer =
  | { kind: 'found'; results: SearchResults; stale: boolean; diagnosis: Diagnosis | null }
  /** The partner refused the criteria (they passed our checks, not its own). */
  | { kind: 'rejected' };

/** What the partner's reference data cannot offer the filters, so the page can say it plainly. */
export interface FilterLimits {
  /** The partner names house types its search cannot be narrowed by (no id it takes). */
  typesUnsearchable: boolean;
  /** The partner describes parks without the ids a park filter needs. */
  parksUnidentified: boolean;
}

/** The search page's filters on the houses found, and what the address got wrong about them. */
export interface PageFilters {
  filters: SearchFilters;
  filterIssues: FilterIssue[];
}

export interface SearchPageData extends ParsedCriteria, FilterLimits, PageFilters {
  /** The house types the search can be narrowed by. */
  houseTypes: HouseType[];
  parks: Park[];
  answer: PageData<SearchAnswer>;
}

interface ReferenceData extends FilterLimits {
  houseTypes: HouseType[];
  parks: Park[];
  parksRead: boolean;
}

/**
 * The house types the search can filter by and the parks, with the park the criteria name among
 * the parks when the partner describes it only when asked by its id (see findPark).
 */
async function loadReferenceData(locale: string, parkId: number | undefined): Promise<ReferenceData> {
  // Reference data decorates the results; without it the search still works.
  const [typeFilter, parkList] = await Promise.all([
    getHouseTypeFilter(locale).catch(() => ({ types: [] as HouseType[], unsearchable: 0 })),
    getParkList(locale).catch(() => null),
  ]);
  const houseTypes = typeFilter.types;
  const limits: FilterLimits = {
    typesUnsearchable: typeFilter.types.length === 0 && typeFilter.unsearchable > 0,
    parksUnidentified: (parkList?.unidentified ?? 0) > 0,
  };
  if (parkList === null) return { houseTypes, parks: [], parksRead: false, ...limits };
  const { parks } = parkList;
  if (parkId === undefined) return { houseTypes, parks, parksRead: true, ...limits };
  try {
    const park = await findPark(parkId, parks, locale);
    return { houseTypes, parks: park?.askedById ? [...parks, park] : parks, parksRead: true, ...limits };
  } catch (err) {
    if (!isPartnerError(err)) throw err;
    // Busy: the filter is kept unchecked, as when the park list itself cannot be read.
    return { houseTypes, parks, parksRead: false, ...limits };
  }
}

/** The park the address asks for, read before the reference data that checks it. */
function namedPark(raw: SearchParamsInput, today: CalendarDate): number | undefined {
  return parseCriteria(raw, { today }).criteria.park;
}

/**
 * The search criteria read the way the search page reads them: a park or house type the partner's
 * reference data does not describe is an issue (the page notes it and drops the filter). The JSON
 * route refuses such criteria, where an empty list would read as "nothing free". The reference
 * data is read only when the criteria name a park or a type, and with them the parks.
 */
export async function parseSearchRequest(
  params: URLSearchParams,
  locale: string,
): Promise<{ parsed: ParsedCriteria; parks: Park[] }> {
  const plain = parseCriteria(params);
  if (plain.issues.length > 0 || (plain.criteria.park === undefined && plain.criteria.type === undefined)) {
    return { parsed: plain, parks: [] };
  }
  const { houseTypes, parks, parksRead } = await loadReferenceData(locale, plain.criteria.park);
  return { parsed: parseSearchCriteria(params, getToday(), houseTypes, parks, parksRead), parks };
}

/**
 * The park filter is applied here: the partner's search takes no park. Which house is on which
 * park comes from the houses themselves or the active-house list (one cached entry for all
 * languages, the one the house pages read).
 */
export async function keepParkResults(
  results: SearchResults,
  parkId: number,
  parks: Park[],
): Promise<SearchResults> {
  const park = parks.find((entry) => entry.id === parkId);
  const activeHouses = await (park ? readActiveHouses(park, DEFAULT_LOCALE) : getActiveHouses(DEFAULT_LOCALE)).catch(
    () => [] as ParkHouse[],
  );
  return keepParkHouses(results, parkId, activeHouses, parks);
}

async function search(
  criteria: ParsedCriteria['criteria'],
  locale: string,
  today: CalendarDate,
  parks: Park[],
): Promise<SearchAnswer> {
  try {
    const { data: found, stale } = await searchHouses(criteria, locale);
    const results = criteria.park === undefined ? found : await keepParkResults(found, criteria.park, parks);
    // The follow-up searches explain a search the partner found nothing for, not the park filter.
    const diagnosis = found.count === 0 ? await diagnoseEmptySearch(criteria, locale, today) : null;
    return { kind: 'found', results, stale, diagnosis };
  } catch (err) {
    if (isPartnerError(err) && err.code === 'invalid_input') return { kind: 'rejected' };
    throw err;
  }
}

export async function loadSearchPage(
  raw: SearchParamsInput,
  locale: string,
  today: CalendarDate,
): Promise<SearchPageData> {
  const { houseTypes, parks, parksRead, ...limits } = await loadReferenceData(locale, namedPark(raw, today));
  const parsed = parseSearchCriteria(raw, today, houseTypes, parks, parksRead);
  const answer = await loadPageData(() => search(parsed.criteria, locale, today, parks));
  const { filters, issues: filterIssues } = parseSearchFilters(raw);
  return { ...parsed, ...limits, filters, filterIssues, houseTypes, parks, answer };
}

function parseSearchCriteria(
  raw: SearchParamsInput,
  today: CalendarDate,
  houseTypes: HouseType[],
  parks: Park[],
  parksRead: boolean,
): ParsedCriteria {
  return parseCriteria(raw, {
    today,
    ...(houseTypes.length > 0 ? { houseTypeIds: houseTypes.map((type) => type.id) } : {}),
    // Park data read but without the park: a filter that could only ever find nothing is dropped.
    ...(parksRead ? { parkIds: parks.map((park) => park.id) } : {}),
  });
}

export interface SearchPreview extends ParsedCriteria, PageFilters {
  houseTypes: HouseType[];
  parks: Park[];
  /** What the search found (the park filter applied); null when it could not be read. */
  results: SearchResults | null;
}

/**
 * What a shared link to a search shows: the page's own reads (the partner cache and single-flight
 * share them with the page, so they cost no extra partner call), without the follow-up searches
 * that explain an empty result. Never throws: a preview without results is still a preview.
 */
export async function loadSearchPreview(
  raw: SearchParamsInput,
  locale: string,
  today: CalendarDate,
): Promise<SearchPreview> {
  const { houseTypes, parks, parksRead } = await loadReferenceData(locale, namedPark(raw, today));
  const parsed = parseSearchCriteria(raw, today, houseTypes, parks, parksRead);
  let results: SearchResults | null = null;
  try {
    const { data } = await searchHouses(parsed.criteria, locale);
    const park = parsed.criteria.park;
    results = park === undefined ? data : await keepParkResults(data, park, parks);
  } catch {
    results = null;
  }
  const { filters, issues: filterIssues } = parseSearchFilters(raw);
  return { ...parsed, filters, filterIssues, houseTypes, parks, results };
}
