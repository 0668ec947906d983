import 'server-only';
import type { CalendarDate, StayDates } from '@/lib/booking/dates';
import { getParty, type SearchCriteria } from '@/lib/booking/deep-link';
import { searchHouses } from '@/lib/partner-api';
import {
  getLongerStays,
  getNearbyStays,
  pickNoResultsReason,
  type NoResultsReason,
} from './no-results';

export interface NearbyStay extends StayDates {
  count: number;
}

export interface Diagnosis {
  reason: NoResultsReason;
  /** Stays of the same length around the requested one, with houses free. */
  nearby: NearbyStay[];
  /** Longer stays from the same arrival day, with houses free. */
  longer: NearbyStay[];
}

/**
 * Runs the few follow-up searches that explain an empty result (they only run when nothing was
 * found, and go through the same cache and quota as every partner call). A failed follow-up
 * only makes the explanation vaguer; it never fails the page.
 */
export async function diagnoseEmptySearch(
  criteria: SearchCriteria,
  locale: string,
  today: CalendarDate,
): Promise<Diagnosis> {
  const count = async (c: SearchCriteria): Promise<number | null> => {
    try {
      return (await searchHouses(c, locale)).data.count;
    } catch {
      return null;
    }
  };
  const party = getParty(criteria);
  const typed: SearchCriteria = criteria.type !== undefined ? { ...party, type: criteria.type } : party;
  const stay =
    criteria.startDate !== undefined && criteria.endDate !== undefined
      ? { startDate: criteria.startDate, endDate: criteria.endDate }
      : undefined;

  const around = stay ? getNearbyStays(stay, today) : [];
  const longerStays = stay ? getLongerStays(stay) : [];
  const withCounts = async (stays: StayDates[]): Promise<NearbyStay[]> =>
    (
      await Promise.all(stays.map(async (s) => ({ ...s, count: (await count({ ...criteria, ...s })) ?? 0 })))
    ).filter((s) => s.count > 0);
  // The partner's quota lets only a few browsing calls through at once, and a refused count would
  // drop its offer from the page. So first the longer stays from the same day (a stay shorter
  // than the parks take is the likeliest reason), and the stays around the dates only when none
  // of those is free: at most four calls at once with the search itself.
  const [anyDates, longer] = await Promise.all([
    stay ? count(typed) : Promise.resolve(null),
    withCounts(longerStays),
  ]);
  const nearby = longer.length > 0 ? [] : await withCounts(around);
  const total = (stays: NearbyStay[]) => stays.reduce((sum, s) => sum + s.count, 0);

  let anyType: number | null = null;
  let withoutPets: number | null = null;
  if (!(anyDates !== null && anyDates > 0)) {
    anyType = criteria.type !== undefined ? await count(party) : stay ? anyDates : 0;
    if (criteria.pets > 0 && !(anyType !== null && anyType > 0))
      withoutPets = await count({ ...party, pets: 0 });
  }
  const reason = pickNoResultsReason(
    { hasDates: stay !== undefined, hasType: criteria.type !== undefined, pets: criteria.pets },
    { anyDates, anyType, withoutPets, nearby: total(nearby), longer: total(longer) },
  );
  return { reason, nearby, longer };
}
