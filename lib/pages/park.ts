import 'server-only';
import { cache } from 'react';
import type { CalendarDate } from '@/lib/booking/dates';
import {
  CRITERIA_PARAMS,
  parseCriteria,
  type CriteriaIssue,
  type SearchCriteria,
  type SearchParamsInput,
} from '@/lib/booking/deep-link';
import type { HouseSummary, Park, ParkHouse, SearchResults } from '@/lib/booking/types';
import { getActiveHouses, getParkActiveHouses, getParkById, getParks, searchHouses } from '@/lib/partner-api';
import { PartnerError } from '@/lib/partner-api/errors';

/**
 * The park page's data: the park as the park data describes it, and its houses. Every read is
 * one the site caches for all its pages (park data and the active-house list for an hour, a
 * search for a minute), so a park page costs no partner call per house; the houses' pictures
 * and prices come from the one search the search page makes for the same criteria.
 */

/**
 * The park a house is on: the park the house names, else the park its entry in the active-house
 * list names. A partner that describes a single park and links no house to a park runs that one
 * park, so its houses are that park's. Undefined when nothing links the house to a park.
 */
export function getHouseParkId(
  house: { id: number; parkId?: number | undefined },
  activeHouses: readonly ParkHouse[],
  parks: readonly Park[],
): number | undefined {
  const named = house.parkId ?? activeHouses.find((entry) => entry.id === house.id)?.parkId;
  if (named !== undefined) return named;
  // A park asked for by id is the only one the site knows, not the only one the partner runs.
  const onlyPark = parks.length === 1 && !parks[0]?.askedById ? parks[0] : undefined;
  const anyLinked = activeHouses.some((entry) => entry.parkId !== undefined);
  return onlyPark && !anyLinked ? onlyPark.id : undefined;
}

/** The search results of one park only (the partner's search takes no park of its own). */
export function keepParkHouses(
  results: SearchResults,
  parkId: number,
  activeHouses: readonly ParkHouse[],
  parks: readonly Park[],
): SearchResults {
  const houses = results.houses.filter((house) => getHouseParkId(house, activeHouses, parks) === parkId);
  return { houses, count: houses.length };
}

export interface ParkHouseEntry {
  id: number;
  /** The partner's name for the house; empty when neither the search nor the list gave one. */
  name: string;
  /** The house as the search for the page's criteria found it (picture, facts, price), if it did. */
  summary?: HouseSummary;
}

/**
 * The houses of a park: those of the active-house list in its order, then any the search found
 * that the list left out. A house the search found carries what the search knows of it.
 */
export function listParkHouses(
  parkId: number,
  parks: readonly Park[],
  activeHouses: readonly ParkHouse[],
  found: readonly HouseSummary[],
): ParkHouseEntry[] {
  const summaries = new Map(found.map((house) => [house.id, house]));
  const listed = new Set(activeHouses.map((house) => house.id));
  const candidates: Array<{ id: number; parkId?: number | undefined; name: string }> = [
    ...activeHouses.map((entry) => ({
      id: entry.id,
      parkId: summaries.get(entry.id)?.parkId ?? entry.parkId,
      name: entry.name,
    })),
    ...found.filter((house) => !listed.has(house.id)),
  ];
  return candidates
    .filter((house) => getHouseParkId(house, activeHouses, parks) === parkId)
    .map((house) => {
      const summary = summaries.get(house.id);
      return { id: house.id, name: summary?.name || house.name, ...(summary ? { summary } : {}) };
    });
}

export interface ParkPageData {
  park: Park;
  houses: ParkHouseEntry[];
  /** False when the house list could not be read (the partner busy and nothing cached). */
  housesKnown: boolean;
  /** The guest's dates and party from the address (a park page filters nothing else). */
  criteria: SearchCriteria;
  issues: CriteriaIssue[];
  explicit: { dates: boolean; party: boolean };
  /** The search behind the houses' prices came from the cache only because the partner was busy. */
  stale: boolean;
}

/**
 * The park `parkId` names: the one of the park list, else, when the list names no park at all
 * (the documented park data carries no ids), the one the partner describes when asked for it by
 * its id. A list that names other parks already says this one is not among them: no further call.
 */
export async function findPark(parkId: number, listed: readonly Park[], locale: string): Promise<Park | undefined> {
  const park = listed.find((entry) => entry.id === parkId);
  if (park || listed.length > 0) return park;
  return (await getParkById(parkId, locale)) ?? undefined;
}

/**
 * The active-house list that links houses to `park`: the one list for every park (each entry
 * names its park), or for a park asked for by id, the partner's list for that park.
 */
export function readActiveHouses(park: Park, locale: string): Promise<ParkHouse[]> {
  return park.askedById ? getParkActiveHouses(park.id, locale) : getActiveHouses(locale);
}

/** Not a park the partner describes: the page's not-found answer (not a partner failure). */
function unknownPark(parkId: number): PartnerError {
  return new PartnerError('not_found', `Park ${parkId} is not in the park data`, { notSent: true });
}

async function readParkPage(
  parkId: number,
  query: string,
  locale: string,
  today: CalendarDate,
): Promise<ParkPageData> {
  // The park itself is the page: without park data (busy, nothing cached) the page cannot be shown.
  const parks = await getParks(locale);
  const park = await findPark(parkId, parks, locale);
  if (!park) throw unknownPark(parkId);

  // A park page has no house type or park filter: such parameters are ignored, not corrected.
  const parsed = parseCriteria(new URLSearchParams(query), { today });
  const { type: _type, park: _park, ...criteria } = parsed.criteria;
  const issues = parsed.issues.filter((issue) => issue.param !== 'type' && issue.param !== 'park');

  // The houses decorate the park: either read may fail without failing the page.
  const [activeHouses, search] = await Promise.all([
    readActiveHouses(park, locale).catch(() => null),
    searchHouses(criteria, locale).catch(() => null),
  ]);
  const found = search?.data.houses ?? [];
  return {
    park,
    houses: listParkHouses(park.id, parks, activeHouses ?? [], found),
    // A park asked for by id has only its own list to link houses to it; the search names no park.
    housesKnown: activeHouses !== null || (search !== null && !park.askedById),
    criteria,
    issues,
    explicit: parsed.explicit,
    stale: search?.stale ?? false,
  };
}

const loadByKey = cache(readParkPage);

/** Only the criteria parameters, in a fixed order: the same address gives the same cache key. */
function criteriaQuery(raw: SearchParamsInput): string {
  const params = new URLSearchParams();
  for (const name of CRITERIA_PARAMS) {
    const value: unknown = raw instanceof URLSearchParams ? raw.getAll(name) : raw[name];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') params.append(name, item);
    }
  }
  return params.toString();
}

/**
 * Everything the park page shows, shared by generateMetadata and the page within one request.
 * Throws PartnerError: not_found for a park the park data does not describe, any other code when
 * the park data cannot be read (see ./failure.ts).
 */
export function loadParkPage(
  parkId: number,
  raw: SearchParamsInput,
  locale: string,
  today: CalendarDate,
): Promise<ParkPageData> {
  return loadByKey(parkId, criteriaQuery(raw), locale, today);
}
