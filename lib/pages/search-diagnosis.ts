import 'server-only';
import type { CalendarDate } from '@/lib/booking/dates';
import { getParty, type SearchCriteria } from '@/lib/booking/deep-link';
import { searchHouses } from '@/lib/partner-api';
import { getNearbyStays, pickNoResultsReason, type NoResultsReason, type Stay } from './no-results';

export interface NearbyStay extends Stay {
  count: number;
}

export interface Diagnosis {
  reason: NoResultsReason;
  nearby: NearbyStay[];
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

  const stays = stay ? getNearbyStays(stay, today) : [];
  const [anyDates, ...nearbyCounts] = await Promise.all([
    stay ? count(typed) : Promise.resolve(null),
    ...stays.map((s) => count({ ...criteria, ...s })),
  ]);
  const nearby = stays
    .map((s, i) => ({ ...s, count: nearbyCounts[i] ?? 0 }))
    .filter((s) => s.count > 0);

  let anyType: number | null = null;
  let withoutPets: number | null = null;
  if (!(anyDates !== null && anyDates > 0)) {
    anyType = criteria.type !== undefined ? await count(party) : stay ? anyDates : 0;
    if (criteria.pets > 0 && !(anyType !== null && anyType > 0)) withoutPets = await count({ ...party, pets: 0 });
  }
  const reason = pickNoResultsReason(
    { hasDates: stay !== undefined, hasType: criteria.type !== undefined, pets: criteria.pets },
    { anyDates, anyType, withoutPets },
  );
  return { reason, nearby };
}
