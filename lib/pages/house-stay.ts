/**
 * Pure rules of the house page and its booking panel: the stay and party the address asks for,
 * whether the party fits the house, which step the panel is in, which days the calendar
 * enables, and the addresses the panel keeps in sync. Shared by the server page and the panel.
 */
import {
  isArrivalToCheck,
  isSelectableArrival,
  isSelectableDeparture,
  getMonthOf,
  type MonthKey,
} from '@/lib/booking/calendar';
import { isCalendarDate, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import {
  getFirstArrival,
  getParty,
  isArrivalTooSoon,
  parseCriteria,
  serializeCriteria,
  type CriteriaIssue,
  type SearchParamsInput,
} from '@/lib/booking/deep-link';
import { MAX_PERSONS, PARTY_FIELDS, countPersons, isPartyWithinLimits, type Party } from '@/lib/booking/party';

export type PanelStep = 'arrival' | 'departure';

export function getStep(stay: Partial<StayDates>): PanelStep {
  return stay.startDate !== undefined && stay.endDate === undefined ? 'departure' : 'arrival';
}

/**
 * Whether a day can be clicked: in the arrival step the offered arrivals, and the days past the
 * partner's list that may be asked about; once an arrival is chosen only the departures offered
 * for it. Nothing while the needed list is unknown.
 */
export function isDayEnabled(
  date: CalendarDate,
  stay: Partial<StayDates>,
  lists: { arrivals: readonly CalendarDate[] | undefined; departures: readonly CalendarDate[] | undefined },
  today: CalendarDate,
): boolean {
  if (getStep(stay) === 'departure') {
    return (
      lists.departures !== undefined &&
      stay.startDate !== undefined &&
      isSelectableDeparture(date, { arrival: stay.startDate, availableEndDates: lists.departures })
    );
  }
  if (lists.arrivals === undefined) return false;
  const rules = { availableStartDates: lists.arrivals, today };
  return isSelectableArrival(date, rules) || isArrivalToCheck(date, rules);
}

/** Whether an enabled day is an arrival past the partner's list, which its answer still has to confirm. */
export function isDayToCheck(
  date: CalendarDate,
  stay: Partial<StayDates>,
  arrivals: readonly CalendarDate[] | undefined,
  today: CalendarDate,
): boolean {
  return (
    getStep(stay) === 'arrival' &&
    arrivals !== undefined &&
    isArrivalToCheck(date, { availableStartDates: arrivals, today })
  );
}

/**
 * Whether the partner takes the arrival a link asks for, from its answer for that arrival. Its
 * list of arrivals covers a horizon of months, while a stay further ahead (a summer stay found in
 * search in winter) is still priced and booked when asked for by its dates: the answer then holds
 * departures after the arrival, or a price for exactly these dates.
 */
export function offersArrival(
  house: {
    availableStartDates: readonly CalendarDate[];
    availableEndDates: readonly CalendarDate[];
    selectedPeriod: StayDates | null;
  },
  stay: Pick<StayDates, 'startDate'> & Partial<StayDates>,
): boolean {
  if (house.availableStartDates.includes(stay.startDate)) return true;
  if (house.availableEndDates.some((departure) => departure > stay.startDate)) return true;
  const period = house.selectedPeriod;
  return period !== null && period.startDate === stay.startDate && period.endDate === stay.endDate;
}

/** The stay after a click on an enabled day. */
export function pickDay(stay: Partial<StayDates>, date: CalendarDate): Partial<StayDates> {
  return getStep(stay) === 'departure' ? { startDate: stay.startDate, endDate: date } : { startDate: date };
}

/** The month the calendar opens on: the chosen arrival, else the first offered arrival, else today. */
export function getInitialMonth(
  stay: Partial<StayDates>,
  arrivals: readonly CalendarDate[],
  today: CalendarDate,
  now?: Date,
): MonthKey {
  // From the parks' midnight until UTC's, today is still the partner's tomorrow and a bookable
  // arrival; the month it falls in is where the guest's first choice is.
  const first = getFirstArrival(today, now);
  const bookable = arrivals.find((date) => date >= first);
  return getMonthOf(stay.startDate ?? bookable ?? today);
}

export function samePartyAs(a: Party, b: Party): boolean {
  return PARTY_FIELDS.every((field) => a[field] === b[field]);
}

/** The deep-link query of a stay and party (defaults left out). */
export function stayQuery(stay: Partial<StayDates>, party: Party): string {
  const dates =
    stay.startDate !== undefined
      ? { startDate: stay.startDate, ...(stay.endDate !== undefined ? { endDate: stay.endDate } : {}) }
      : {};
  return serializeCriteria({ ...dates, ...party }).toString();
}

/** The booking flow's address for a complete stay. */
export function bookingHref(houseId: number, stay: StayDates, party: Party): string {
  return `/book/${houseId}?${stayQuery(stay, party)}`;
}

export type PartyProblem = 'limits' | 'tooManyPersons' | 'tooManyForHouse' | 'petsNotAllowed' | 'tooManyPets';

/** Why this party cannot stay in this house, before asking the partner. */
export function getPartyProblem(party: Party, house: { persons: number | null; maxPets: number }): PartyProblem | null {
  if (!isPartyWithinLimits(party)) return countPersons(party) > MAX_PERSONS ? 'tooManyPersons' : 'limits';
  if (house.persons !== null && countPersons(party) > house.persons) return 'tooManyForHouse';
  if (party.pets > 0 && house.maxPets === 0) return 'petsNotAllowed';
  if (party.pets > house.maxPets) return 'tooManyPets';
  return null;
}

function firstParam(raw: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = raw[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/** The stay, party and corrected link problems the house page's address asks for. */
export interface RequestedStay {
  stay: Partial<StayDates>;
  party: Party;
  issues: CriteriaIssue[];
}

/**
 * The stay the address asks for. Besides full deep links it accepts an arrival on its own,
 * the state the booking panel writes while the guest still has to pick a departure.
 */
export function readRequestedStay(
  raw: Record<string, string | string[] | undefined>,
  today: CalendarDate,
  now?: Date,
): RequestedStay {
  const parsed = parseCriteria(raw as SearchParamsInput, { today });
  const { criteria, explicit } = parsed;
  let issues = parsed.issues.filter((issue) => issue.param !== 'type');
  let stay: Partial<StayDates> = explicit.dates ? { startDate: criteria.startDate, endDate: criteria.endDate } : {};
  const start = firstParam(raw, 'startDate');
  if (!explicit.dates && start && isCalendarDate(start) && !firstParam(raw, 'endDate') && !isArrivalTooSoon(start, today, now)) {
    stay = { startDate: start };
    issues = issues.filter((issue) => issue.code !== 'dates_incomplete');
  }
  return { stay, party: getParty(criteria), issues };
}

