/**
 * The search form's rules (dates and party). They check in the browser what parseCriteria
 * corrects on the server, so a guest with JavaScript gets a message next to the field instead
 * of a corrected search. Errors are keys under the `searchForm.errors` namespace. Plain code, not
 * a zod schema: the home and search pages load no zod, and the search box partners embed
 * (embed/) bundles the same rules.
 */
import { addDays, countNights, isCalendarDate, type CalendarDate } from '@/lib/booking/dates';
import {
  MAX_STAY_NIGHTS,
  getParty,
  serializeCriteria,
  type ParsedCriteria,
  type SearchCriteria,
} from '@/lib/booking/deep-link';
import { getLastBrowsableDate } from '@/lib/booking/calendar';
import { serializeSearchFilters, type SearchFilters } from '@/lib/booking/search-filter-params';
import { MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS, countPersons, type Party } from '@/lib/booking/party';

export const SEARCH_FORM_ERRORS = [
  'count',
  'invalidDate',
  'startRequired',
  'endRequired',
  'startTooEarly',
  'startTooLate',
  'endBeforeStart',
  'stayTooLong',
  'tooManyPersons',
] as const;
export type SearchFormError = (typeof SEARCH_FORM_ERRORS)[number];

export type SearchFormValues = Party & { startDate: string; endDate: string };

/**
 * The first arrival the form offers: the partner takes arrivals from tomorrow on. The form, like
 * the search box partners embed, keeps to that all day; a link naming the parks' today in the hour
 * after their midnight, when the partner (counting in UTC) still takes it, is read as asked
 * (getFirstArrival in deep-link.ts).
 */
export function getFirstArrival(today: CalendarDate): CalendarDate {
  return addDays(today, 1);
}

/** The date bounds for the two date inputs (their `min` and `max`). */
export function getDateBounds(today: CalendarDate, startDate?: string) {
  const firstArrival = getFirstArrival(today);
  const lastDate = getLastBrowsableDate(today);
  const start = startDate && isCalendarDate(startDate) ? startDate : undefined;
  return {
    start: { min: firstArrival, max: lastDate },
    end: {
      min: addDays(start ?? firstArrival, 1),
      max: start ? minDate(addDays(start, MAX_STAY_NIGHTS), addDays(lastDate, 1)) : addDays(lastDate, 1),
    },
  };
}

function minDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a <= b ? a : b;
}

export type SearchFormField = keyof SearchFormValues;

const STAY_DATE_FIELDS = ['startDate', 'endDate'] as const;
export type StayDateErrors = Partial<Record<(typeof STAY_DATE_FIELDS)[number], SearchFormError>>;

/**
 * What is wrong with the two date fields as typed (both empty: any dates), at most one error each.
 * The site's search form and the search box partners embed both check dates with it.
 */
export function checkStayDates(startDate: string, endDate: string, today: CalendarDate): StayDateErrors {
  const errors: StayDateErrors = {};
  const { start } = getDateBounds(today);
  const startOk = startDate === '' || isCalendarDate(startDate);
  const endOk = endDate === '' || isCalendarDate(endDate);
  if (!startOk) errors.startDate = 'invalidDate';
  if (!endOk) errors.endDate = 'invalidDate';
  if (startOk && endOk) {
    if (startDate !== '' && endDate === '') errors.endDate = 'endRequired';
    if (startDate === '' && endDate !== '') errors.startDate = 'startRequired';
    if (startDate !== '' && startDate < start.min) errors.startDate = 'startTooEarly';
    else if (startDate !== '' && startDate > start.max) errors.startDate = 'startTooLate';
    if (startDate !== '' && endDate !== '') {
      const nights = countNights(startDate, endDate);
      if (nights < 1) errors.endDate = 'endBeforeStart';
      else if (nights > MAX_STAY_NIGHTS) errors.endDate = 'stayTooLong';
    }
  }
  return errors;
}

/** The first error of each field that has one, in the form's order (an empty object: valid). */
export type SearchFormErrors = Partial<Record<SearchFormField, SearchFormError>>;

/**
 * Checks the form's values against `today`: valid when `errors` is empty, and then `values` (the
 * dates trimmed) is what to search for. An empty pair of dates means any dates (the partner then
 * picks its default stay). Each count must be a whole number within its limits, and the persons
 * together at most MAX_PERSONS (reported on the adults field).
 */
export function validateSearchForm(
  input: SearchFormValues,
  today: CalendarDate,
): { values: SearchFormValues; errors: SearchFormErrors } {
  const values: SearchFormValues = {
    ...input,
    startDate: input.startDate.trim(),
    endDate: input.endDate.trim(),
  };
  const errors: SearchFormErrors = {};
  const fail = (field: SearchFormField, error: SearchFormError) => {
    errors[field] ??= error;
  };

  for (const field of PARTY_FIELDS) {
    const value = values[field];
    const { min, max } = PARTY_LIMITS[field];
    if (!Number.isInteger(value) || value < min || value > max) fail(field, 'count');
  }

  const dateErrors = checkStayDates(values.startDate, values.endDate, today);
  for (const field of STAY_DATE_FIELDS) {
    const error = dateErrors[field];
    if (error !== undefined) fail(field, error);
  }
  const partyOk = PARTY_FIELDS.every((field) => Number.isInteger(values[field]));
  if (partyOk && countPersons(values) > MAX_PERSONS) fail('adults', 'tooManyPersons');

  return { values, errors };
}

/** What the search form starts with for a link's criteria: its dates only when the link chose them. */
export function searchFormStart({ criteria, explicit }: Pick<ParsedCriteria, 'criteria' | 'explicit'>) {
  return {
    startDate: explicit.dates ? criteria.startDate : undefined,
    endDate: explicit.dates ? criteria.endDate : undefined,
    party: getParty(criteria),
  };
}

/** Page-only parameters the search page keeps when the guest searches again. */
export interface SearchExtras {
  type?: number | undefined;
  /** The park filter of the current search, kept when the guest searches again. */
  park?: number | undefined;
  sort?: string | undefined;
  petsAllowed?: boolean | undefined;
  /** The filters on the houses found (bedrooms, surface, price…), kept for the new search's houses. */
  filters?: SearchFilters | undefined;
}

/** The search page address query for valid form values (defaults left out, as deep links do). */
export function toSearchQuery(values: SearchFormValues, extras: SearchExtras = {}): string {
  const criteria: Partial<SearchCriteria> = {};
  for (const field of PARTY_FIELDS) criteria[field] = values[field];
  if (values.startDate && values.endDate) {
    criteria.startDate = values.startDate;
    criteria.endDate = values.endDate;
  }
  if (extras.type !== undefined) criteria.type = extras.type;
  if (extras.park !== undefined) criteria.park = extras.park;
  const params = serializeCriteria(criteria);
  if (extras.sort) params.set('sort', extras.sort);
  if (extras.petsAllowed) params.set('petsAllowed', '1');
  if (extras.filters) serializeSearchFilters(extras.filters, params);
  return params.toString();
}
