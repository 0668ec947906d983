/**
 * Why a search found nothing, and which nearby stays to offer instead. The decision is pure;
 * search-diagnosis.ts feeds it the counts of a few follow-up searches.
 */
import { addDays, countNights, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { getLastBrowsableDate } from '@/lib/booking/calendar';

/**
 * Shifts of the arrival, in days. A week keeps the weekday (parks with fixed arrival days);
 * three days turns a Friday arrival into a Monday one and back.
 */
export const NEARBY_OFFSETS = [-7, -3, 3, 7] as const;

/** Stays of the same length around the requested one that can still be booked. */
export function getNearbyStays(stay: StayDates, today: CalendarDate): StayDates[] {
  const nights = countNights(stay.startDate, stay.endDate);
  if (nights < 1) return [];
  const last = getLastBrowsableDate(today);
  return NEARBY_OFFSETS.map((offset) => addDays(stay.startDate, offset))
    .filter((start) => countNights(today, start) >= 1 && start <= last)
    .map((startDate) => ({ startDate, endDate: addDays(startDate, nights) }));
}

/**
 * Longer stays offered from the requested arrival day. Parks ask for a minimum stay (often two
 * or three nights, a week in high season), and the partner finds nothing for a shorter one;
 * the partner does not say what the minimum is, so the site asks for these two lengths.
 */
export const LONGER_STAY_NIGHTS = [3, 7] as const;

/** Stays from the same arrival day that are longer than the requested one. */
export function getLongerStays(stay: StayDates): StayDates[] {
  const nights = countNights(stay.startDate, stay.endDate);
  if (nights < 1) return [];
  return LONGER_STAY_NIGHTS.filter((longer) => longer > nights).map((longer) => ({
    startDate: stay.startDate,
    endDate: addDays(stay.startDate, longer),
  }));
}

export type NoResultsReason = 'length' | 'dates' | 'type' | 'pets' | 'party' | 'unknown';

/** Counts of the follow-up searches; null when that search was not made or failed. */
export interface FollowUpCounts {
  /** Houses free for a stay of the same length around the requested one, all shifts together. */
  nearby?: number;
  /** Houses free for a longer stay from the same arrival day, all lengths together. */
  longer?: number;
  /** Same party and type, any dates (the partner's default stays). */
  anyDates: number | null;
  /** Same party, any dates, every house type. */
  anyType: number | null;
  /** Same people without pets, any dates, every house type. */
  withoutPets: number | null;
}

export function pickNoResultsReason(
  search: { hasDates: boolean; hasType: boolean; pets: number },
  counts: FollowUpCounts,
): NoResultsReason {
  // Nothing of this length around the dates, but longer stays from the same day: a minimum stay.
  if (search.hasDates && (counts.longer ?? 0) > 0 && (counts.nearby ?? 0) === 0) return 'length';
  if (search.hasDates && counts.anyDates !== null && counts.anyDates > 0) return 'dates';
  if (search.hasType && counts.anyType !== null && counts.anyType > 0) return 'type';
  if (search.pets > 0 && counts.withoutPets !== null && counts.withoutPets > 0) return 'pets';
  const known = [counts.anyType ?? counts.anyDates, search.pets > 0 ? counts.withoutPets : 0];
  return known.every((count) => count === 0) ? 'party' : 'unknown';
}
