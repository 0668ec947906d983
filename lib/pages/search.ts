import 'server-only';
import type { CalendarDate } from '@/lib/booking/dates';
import { parseCriteria, type ParsedCriteria, type SearchParamsInput } from '@/lib/booking/deep-link';
import type { HouseType, Park, SearchResults } from '@/lib/booking/types';
import { getHouseTypes, getParks, searchHouses } from '@/lib/partner-api';
import { isPartnerError } from '@/lib/partner-api/errors';
import { loadPageData, type PageData } from './failure';
import { diagnoseEmptySearch, type Diagnosis } from './search-diagnosis';

/**
 * The search page's data: the criteria the address asks for (corrected where it had to be),
 * the reference data that names house types and parks, and the partner's answer.
 */

export type SearchAnswer =
  | { kind: 'found'; results: SearchResults; stale: boolean; diagnosis: Diagnosis | null }
  /** The partner refused the criteria (they passed our checks, not its own). */
  | { kind: 'rejected' };

export interface SearchPageData extends ParsedCriteria {
  houseTypes: HouseType[];
  parks: Park[];
  answer: PageData<SearchAnswer>;
}

async function loadReferenceData(locale: string): Promise<{ houseTypes: HouseType[]; parks: Park[] }> {
  // Reference data decorates the results; without it the search still works.
  const [houseTypes, parks] = await Promise.all([
    getHouseTypes(locale).catch(() => [] as HouseType[]),
    getParks(locale).catch(() => [] as Park[]),
  ]);
  return { houseTypes, parks };
}

async function search(
  criteria: ParsedCriteria['criteria'],
  locale: string,
  today: CalendarDate,
): Promise<SearchAnswer> {
  try {
    const { data: results, stale } = await searchHouses(criteria, locale);
    const diagnosis = results.count === 0 ? await diagnoseEmptySearch(criteria, locale, today) : null;
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
  const { houseTypes, parks } = await loadReferenceData(locale);
  const parsed = parseCriteria(raw, {
    today,
    ...(houseTypes.length > 0 ? { houseTypeIds: houseTypes.map((type) => type.id) } : {}),
  });
  const answer = await loadPageData(() => search(parsed.criteria, locale, today));
  return { ...parsed, houseTypes, parks, answer };
}
