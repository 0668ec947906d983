/**
 * The deep-link codec: search criteria in the site's own URLs (`startDate`, `endDate`, the party
 * counts, `type` and `park`). Partner marketing pages build these links by hand, so parsing never throws:
 * every bad value is corrected to something bookable and reported with a stable code that the
 * page turns into a localized note. How the partner's API names the same criteria is
 * lib/partner-api's business.
 */
import {
  addDays,
  countNights,
  getToday,
  isCalendarDate,
  oncePerSecond,
  parseCalendarDate,
  type CalendarDate,
  type StayDates,
} from './dates';
import {
  CHILD_GROUPS,
  DEFAULT_PARTY,
  MAX_PERSONS,
  PARTY_FIELDS,
  PARTY_LIMITS,
  countPersons,
  type Party,
  type PartyField,
} from './party';

/** Longest stay a link may ask for; longer requests are shortened to this. */
export const MAX_STAY_NIGHTS = 28;

/**
 * How far ahead the partner takes bookings: an arrival at most this many days after today
 * (about 18 months). A link further ahead would only be refused by the partner, without a word
 * on why; read here, the guest learns the last bookable day and gets a bookable stay instead.
 */
export const BOOKING_HORIZON_DAYS = 548;

/**
 * The first arrival date that can be booked: the partner takes arrivals from tomorrow on. Its
 * days are UTC's (see getLastBookableArrival): from the parks' midnight until UTC's, the partner's
 * tomorrow is still the parks' today, and the site refuses no arrival the partner takes.
 */
export function getFirstArrival(today: CalendarDate, now: Date = new Date()): CalendarDate {
  return getToday('UTC', now) === addDays(today, -1) ? today : addDays(today, 1);
}

/**
 * The day a page is rendered for: today where the houses are, marked while the partner still
 * takes today as an arrival (the hour after the parks' midnight, see above). A page rendered in
 * that hour offers today as an arrival, so one stored then is not served once that hour is over.
 */
export function getRenderDay(now?: Date): string {
  // Asked on every request for a stored page; both days start on a whole second.
  return renderDayThisSecond(undefined, now ? now.getTime() : Date.now());
}

const renderDayThisSecond = oncePerSecond((_: undefined, ms: number) => {
  const at = new Date(ms);
  const today = getToday(undefined, at);
  return getFirstArrival(today, at) === today ? `${today}+` : today;
});

/** Whether an arrival is too soon to book: before the first arrival (the partner refuses it). */
export function isArrivalTooSoon(
  startDate: CalendarDate,
  today: CalendarDate,
  now: Date = new Date(),
): boolean {
  return countNights(getFirstArrival(today, now), startDate) < 0;
}

/**
 * The last arrival date that can be booked today (`today` where the houses are). The partner
 * counts its days in UTC, as it writes its dates; from the parks' midnight until UTC's (an hour,
 * two in summer) that is still yesterday, and a stay on the parks' last day would be refused.
 * The horizon is counted from the earlier of the two days.
 */
export function getLastBookableArrival(today: CalendarDate, now: Date = new Date()): CalendarDate {
  const partnerToday = getToday('UTC', now);
  return addDays(partnerToday < today ? partnerToday : today, BOOKING_HORIZON_DAYS);
}

export interface SearchCriteria extends Party, Partial<StayDates> {
  /** House type id (search only). */
  type?: number;
  /** Park id (search only): only the houses of that park. */
  park?: number;
}

export const CRITERIA_PARAMS = ['startDate', 'endDate', ...PARTY_FIELDS, 'type', 'park'] as const;
export type CriteriaParam = (typeof CRITERIA_PARAMS)[number];

/**
 * The search page's filters on the houses found: at least so many bedrooms, bathrooms or square
 * metres, at most this total price for the stay. The site applies them to the partner's answer,
 * never sends them to the partner, and reads and writes them in search-filter-params.ts. Every
 * part of the site that tells the search page's own parameters from others (tracking tags) names
 * them from here.
 */
export const SEARCH_FILTER_PARAMS = ['minBedrooms', 'minBathrooms', 'minSurface', 'maxPrice'] as const;
export type SearchFilterParam = (typeof SEARCH_FILTER_PARAMS)[number];

export const CRITERIA_ISSUE_CODES = [
  'invalid_number',
  'adults_out_of_range',
  'children_out_of_range',
  'pets_out_of_range',
  'too_many_persons',
  'repeated_param',
  'invalid_date',
  'dates_incomplete',
  'start_in_past',
  'beyond_booking_horizon',
  'end_before_start',
  'stay_too_long',
  'unknown_type',
  'unknown_park',
] as const;
export type CriteriaIssueCode = (typeof CRITERIA_ISSUE_CODES)[number];

export interface CriteriaIssue {
  param: CriteriaParam;
  code: CriteriaIssueCode;
  /** beyond_booking_horizon: the last arrival date that can be booked now. */
  lastArrival?: CalendarDate;
  /**
   * beyond_booking_horizon: the latest stay like the one asked for that can be booked now (same
   * weekday of arrival, same nights, same party), as a way forward.
   */
  latest?: SearchCriteria;
}

export interface ParsedCriteria {
  criteria: SearchCriteria;
  issues: CriteriaIssue[];
  /** Whether the link chose dates (that survived correction) and whether it named any party count. */
  explicit: { dates: boolean; party: boolean };
}

export type SearchParamsInput =
  URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface ParseCriteriaOptions {
  /** Today where the houses are; defaults to `getToday()`. */
  today?: CalendarDate;
  /** House type ids that exist; when given, any other `type` is dropped as unknown. */
  houseTypeIds?: readonly number[];
  /** Park ids the park data describes; when given, any other `park` is dropped as unknown. */
  parkIds?: readonly number[];
  /** The last arrival date the partner takes; defaults to `getLastBookableArrival(today)`. */
  lastArrival?: CalendarDate;
}

/** Non-empty values of one parameter: an empty field from a GET form means "not chosen". */
export function readValues(params: SearchParamsInput, name: string): string[] {
  const raw: unknown = params instanceof URLSearchParams ? params.getAll(name) : params[name];
  // A record may come from parsed JSON rather than a URL; anything but strings is ignored.
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];
  return values
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

function rangeCode(field: PartyField): CriteriaIssueCode {
  if (field === 'adults') return 'adults_out_of_range';
  if (field === 'pets') return 'pets_out_of_range';
  return 'children_out_of_range';
}

function parseCount(field: PartyField, raw: string, issues: CriteriaIssue[]): number {
  // Whole numbers only: "2.5", "1e1", "0x2" or "two" are typos, not something to round.
  if (!/^-?\d+$/.test(raw)) {
    issues.push({ param: field, code: 'invalid_number' });
    return DEFAULT_PARTY[field];
  }
  // "-0" is zero; Number would keep its sign, which no link writes back.
  const value = Number(raw) + 0;
  const { min, max } = PARTY_LIMITS[field];
  if (value < min || value > max) {
    issues.push({ param: field, code: rangeCode(field) });
    return Math.min(max, Math.max(min, value));
  }
  return value;
}

/** Over the person cap, take children away from the oldest group down, never adults. */
function capPersons(party: Party, issues: CriteriaIssue[]): void {
  let excess = countPersons(party) - MAX_PERSONS;
  if (excess <= 0) return;
  const groups = [...CHILD_GROUPS].reverse();
  const firstReduced = groups.find((group) => party[group] > 0);
  if (firstReduced) issues.push({ param: firstReduced, code: 'too_many_persons' });
  for (const group of groups) {
    const cut = Math.min(excess, party[group]);
    party[group] -= cut;
    excess -= cut;
  }
}

function parseType(
  raw: string,
  known: readonly number[] | undefined,
  issues: CriteriaIssue[],
): number | undefined {
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  const valid = Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;
  if (!valid || (known !== undefined && !known.includes(value))) {
    issues.push({ param: 'type', code: 'unknown_type' });
    return undefined;
  }
  return value;
}

/** A park id follows the same rules as a house type id; only the note differs. */
function parsePark(
  raw: string,
  known: readonly number[] | undefined,
  issues: CriteriaIssue[],
): number | undefined {
  const value = parseType(raw, known, []);
  if (value === undefined) issues.push({ param: 'park', code: 'unknown_park' });
  return value;
}

interface StayParts {
  start?: string;
  end?: string;
}

/**
 * The latest stay of the same length that arrives on the same weekday no later than
 * `lastArrival`: parks often take arrivals on set weekdays only, so keeping the weekday keeps the
 * stay bookable where the guest's own choice was.
 */
function latestStayLike(
  start: CalendarDate,
  nights: number,
  lastArrival: CalendarDate,
): StayDates {
  const weeksBack = Math.ceil(countNights(lastArrival, start) / 7);
  const startDate = addDays(start, -7 * weeksBack);
  return { startDate, endDate: addDays(startDate, nights) };
}

/** Either both dates of a valid future stay, or neither (the partner then picks its default stay). */
function parseStay(
  raw: StayParts,
  today: CalendarDate,
  lastArrival: CalendarDate,
  issues: CriteriaIssue[],
): StayDates | null {
  const start = raw.start === undefined ? undefined : parseCalendarDate(raw.start);
  const end = raw.end === undefined ? undefined : parseCalendarDate(raw.end);
  if (start === null) issues.push({ param: 'startDate', code: 'invalid_date' });
  if (end === null) issues.push({ param: 'endDate', code: 'invalid_date' });
  if (!start || !end) {
    // Only explain the missing half when the other half was fine; an invalid date is explained already.
    if (start && end === undefined) issues.push({ param: 'endDate', code: 'dates_incomplete' });
    if (end && start === undefined) issues.push({ param: 'startDate', code: 'dates_incomplete' });
    return null;
  }
  if (isArrivalTooSoon(start, today)) {
    issues.push({ param: 'startDate', code: 'start_in_past' });
    return null;
  }
  const nights = countNights(start, end);
  if (nights <= 0) {
    issues.push({ param: 'endDate', code: 'end_before_start' });
    return null;
  }
  if (countNights(lastArrival, start) > 0) {
    const issue: CriteriaIssue = { param: 'startDate', code: 'beyond_booking_horizon', lastArrival };
    const latest = latestStayLike(start, Math.min(nights, MAX_STAY_NIGHTS), lastArrival);
    // A latest stay in the past only happens with a horizon shorter than a week; offer none then.
    if (countNights(today, latest.startDate) > 0) issue.latest = { ...DEFAULT_PARTY, ...latest };
    issues.push(issue);
    return null;
  }
  if (nights > MAX_STAY_NIGHTS) {
    // Keep the arrival the guest chose; a four-week stay is closer to the intent than none.
    issues.push({ param: 'endDate', code: 'stay_too_long' });
    return { startDate: start, endDate: addDays(start, MAX_STAY_NIGHTS) };
  }
  return { startDate: start, endDate: end };
}

/** Reads the criteria of a deep link. Never throws; see CRITERIA_ISSUE_CODES for what it corrects. */
export function parseCriteria(params: SearchParamsInput, options: ParseCriteriaOptions = {}): ParsedCriteria {
  const today = options.today !== undefined && isCalendarDate(options.today) ? options.today : getToday();
  const lastArrival =
    options.lastArrival !== undefined && isCalendarDate(options.lastArrival)
      ? options.lastArrival
      : getLastBookableArrival(today);
  const issues: CriteriaIssue[] = [];

  const first = (param: CriteriaParam): string | undefined => {
    const values = readValues(params, param);
    if (new Set(values).size > 1) issues.push({ param, code: 'repeated_param' });
    return values[0];
  };

  const stayRaw: StayParts = { start: first('startDate'), end: first('endDate') };
  const stay = parseStay(stayRaw, today, lastArrival, issues);

  const party: Party = { ...DEFAULT_PARTY };
  let partyNamed = false;
  for (const field of PARTY_FIELDS) {
    const raw = first(field);
    if (raw === undefined) continue;
    partyNamed = true;
    party[field] = parseCount(field, raw, issues);
  }
  capPersons(party, issues);

  const typeRaw = first('type');
  const type = typeRaw === undefined ? undefined : parseType(typeRaw, options.houseTypeIds, issues);
  const parkRaw = first('park');
  const park = parkRaw === undefined ? undefined : parsePark(parkRaw, options.parkIds, issues);

  const criteria: SearchCriteria = { ...(stay ?? {}), ...party };
  if (type !== undefined) criteria.type = type;
  if (park !== undefined) criteria.park = park;
  // The way forward keeps the corrected party and type, so following it needs no second note.
  for (const issue of issues) {
    if (issue.latest)
      issue.latest = { ...criteria, startDate: issue.latest.startDate, endDate: issue.latest.endDate };
  }
  return { criteria, issues: sortIssues(issues), explicit: { dates: stay !== null, party: partyNamed } };
}

/** Issues in the order of the parameters, so the notes on the page read top to bottom. */
function sortIssues(issues: CriteriaIssue[]): CriteriaIssue[] {
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort(
      (a, b) =>
        CRITERIA_PARAMS.indexOf(a.issue.param) - CRITERIA_PARAMS.indexOf(b.issue.param) || a.index - b.index,
    )
    .map(({ issue }) => issue);
}

/** The shortest link for these criteria: defaults left out, parameters in the table's order. */
export function serializeCriteria(criteria: Partial<SearchCriteria>): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.startDate !== undefined) params.set('startDate', criteria.startDate);
  if (criteria.endDate !== undefined) params.set('endDate', criteria.endDate);
  for (const field of PARTY_FIELDS) {
    const value = criteria[field];
    if (value !== undefined && value !== DEFAULT_PARTY[field]) params.set(field, String(value));
  }
  if (criteria.type !== undefined) params.set('type', String(criteria.type));
  if (criteria.park !== undefined) params.set('park', String(criteria.park));
  return params;
}

export function getParty(criteria: Party): Party {
  const party = { ...DEFAULT_PARTY };
  for (const field of PARTY_FIELDS) party[field] = criteria[field];
  return party;
}
