/**
 * Rules of the stay picker on the house page. The partner gives the possible arrival days
 * (house details without a start) and, once an arrival is chosen, the possible departure days
 * (house details with that start); these rules decide what the month grid lets a guest click.
 */
import {
  addDays,
  countNights,
  formatCalendarDate,
  getDaysInMonth,
  getWeekday,
  splitCalendarDate,
  type CalendarDate,
  type IsoWeekday,
  type StayDates,
} from './dates';
import { MAX_STAY_NIGHTS, getLastBookableArrival } from './deep-link';

/** A month as `YYYY-MM`, the form it takes in a URL. */
export type MonthKey = string;

/** How far ahead arrivals are browsed; the partner's availability rarely reaches further. */
export const MAX_MONTHS_AHEAD = 18;

const MONTH_KEY = /^(\d{4})-(\d{2})$/;

export function parseMonth(value: string): MonthKey | null {
  const match = MONTH_KEY.exec(value);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  return match && year >= 1 && month >= 1 && month <= 12 ? value : null;
}

function splitMonth(month: MonthKey): { year: number; month: number } {
  const match = MONTH_KEY.exec(month);
  if (!match || parseMonth(month) === null) throw new RangeError(`Not a month: ${JSON.stringify(month)}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

export function getMonthOf(date: CalendarDate): MonthKey {
  return date.slice(0, 7);
}

export function addMonths(month: MonthKey, count: number): MonthKey {
  const parts = splitMonth(month);
  const index = parts.year * 12 + (parts.month - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function compareMonths(a: MonthKey, b: MonthKey): number {
  return a < b ? -1 : a > b ? 1 : 0; // fixed-width keys sort as text
}

/**
 * The months the picker may show: from the current month to MAX_MONTHS_AHEAD after it, or to the
 * month in which a four-week stay from the partner's last bookable arrival ends when that is
 * later, so an arrival near its booking horizon can still be given its departure.
 */
export function getMonthBounds(today: CalendarDate): { first: MonthKey; last: MonthKey } {
  const first = getMonthOf(today);
  const arrivals = addMonths(first, MAX_MONTHS_AHEAD);
  const departures = getMonthOf(addDays(getLastBookableArrival(today), MAX_STAY_NIGHTS));
  return { first, last: compareMonths(departures, arrivals) > 0 ? departures : arrivals };
}

export function clampMonth(month: MonthKey, today: CalendarDate): MonthKey {
  const { first, last } = getMonthBounds(today);
  if (compareMonths(month, first) < 0) return first;
  if (compareMonths(month, last) > 0) return last;
  return month;
}

export function canShowPreviousMonth(month: MonthKey, today: CalendarDate): boolean {
  return compareMonths(month, getMonthBounds(today).first) > 0;
}

export function canShowNextMonth(month: MonthKey, today: CalendarDate): boolean {
  return compareMonths(month, getMonthBounds(today).last) < 0;
}

function lastDayOf(month: MonthKey): CalendarDate {
  const { year, month: m } = splitMonth(month);
  return formatCalendarDate(year, m, getDaysInMonth(year, m));
}

/** The last arrival day the pickers offer: the end of the month MAX_MONTHS_AHEAD ahead. */
export function getLastBrowsableDate(today: CalendarDate): CalendarDate {
  return lastDayOf(addMonths(getMonthOf(today), MAX_MONTHS_AHEAD));
}

/** The last day of the last month the picker shows, where a departure may still be picked. */
export function getLastShownDate(today: CalendarDate): CalendarDate {
  return lastDayOf(getMonthBounds(today).last);
}

// A grid asks about ~42 days per render; build each list's lookup set once, not per day.
const dateSets = new WeakMap<readonly CalendarDate[], ReadonlySet<CalendarDate>>();
function toDateSet(dates: readonly CalendarDate[]): ReadonlySet<CalendarDate> {
  let set = dateSets.get(dates);
  if (!set) {
    set = new Set(dates);
    dateSets.set(dates, set);
  }
  return set;
}

export interface ArrivalRules {
  /** Arrival days the partner offers, as calendar dates. */
  availableStartDates: readonly CalendarDate[];
  today: CalendarDate;
}

export function isSelectableArrival(date: CalendarDate, rules: ArrivalRules): boolean {
  if (splitCalendarDate(date) === null) return false;
  if (countNights(rules.today, date) < 0) return false;
  if (countNights(date, getLastBrowsableDate(rules.today)) < 0) return false;
  return toDateSet(rules.availableStartDates).has(date);
}

/** What a list of arrivals says beyond its days: where it ends, and on which weekdays it has arrivals. */
interface ListReach {
  last: CalendarDate | undefined;
  weekdays: ReadonlySet<IsoWeekday>;
}

const listReaches = new WeakMap<readonly CalendarDate[], ListReach>();
function toListReach(dates: readonly CalendarDate[]): ListReach {
  let reach = listReaches.get(dates);
  if (!reach) {
    let last: CalendarDate | undefined;
    const weekdays = new Set<IsoWeekday>();
    for (const date of dates) {
      if (splitCalendarDate(date) === null) continue;
      if (last === undefined || date > last) last = date;
      weekdays.add(getWeekday(date));
    }
    reach = { last, weekdays };
    listReaches.set(dates, reach);
  }
  return reach;
}

/** The last arrival the partner lists; after it, its list says nothing either way. */
export function getLastListedArrival(dates: readonly CalendarDate[]): CalendarDate | undefined {
  return toListReach(dates).last;
}

/**
 * Whether a day past the partner's list of arrivals may still be asked about. The list covers a
 * horizon of months, while the partner books later stays when asked for their dates (a summer
 * stay chosen in winter). Such a day is worth asking about when it falls on a weekday the list has
 * arrivals on, as parks take arrivals on set weekdays; the partner's answer for the day (its
 * departures) then decides.
 */
export function isArrivalToCheck(date: CalendarDate, rules: ArrivalRules): boolean {
  if (splitCalendarDate(date) === null) return false;
  const { last, weekdays } = toListReach(rules.availableStartDates);
  if (last === undefined || date <= last || date <= rules.today || !weekdays.has(getWeekday(date)))
    return false;
  // Past the partner's booking horizon every arrival is refused: there is nothing to ask.
  return countNights(date, getLastBookableArrival(rules.today)) >= 0;
}

/** Whether any day of a month is an arrival past the partner's list that may be asked about. */
export function hasArrivalsToCheck(month: MonthKey, rules: ArrivalRules): boolean {
  const { year, month: m } = splitMonth(month);
  for (let day = 1; day <= getDaysInMonth(year, m); day++) {
    if (isArrivalToCheck(formatCalendarDate(year, m, day), rules)) return true;
  }
  return false;
}

export interface DepartureRules {
  arrival: CalendarDate;
  /** Departure days the partner offers for that arrival. */
  availableEndDates: readonly CalendarDate[];
}

export function isSelectableDeparture(date: CalendarDate, rules: DepartureRules): boolean {
  if (splitCalendarDate(date) === null || splitCalendarDate(rules.arrival) === null) return false;
  const nights = countNights(rules.arrival, date);
  return nights >= 1 && nights <= MAX_STAY_NIGHTS && toDateSet(rules.availableEndDates).has(date);
}

export interface CalendarDay {
  date: CalendarDate;
  day: number;
  weekday: IsoWeekday;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
  isToday: boolean;
  disabled: boolean;
  isRangeStart: boolean;
  isRangeEnd: boolean;
  /** Strictly between the range's start and end. */
  inRange: boolean;
}

export interface MonthGridOptions {
  month: MonthKey;
  today: CalendarDate;
  /** Extra rule for days of this month, e.g. "not a selectable arrival". */
  isDisabled?: (date: CalendarDate) => boolean;
  /** A stay being chosen: an arrival, then a departure. */
  range?: Partial<StayDates>;
  /** Always six weeks, so the picker does not change height between months. */
  fixedWeeks?: boolean;
}

/** The weeks (Monday first) of a month; days of the neighbouring months are shown but disabled. */
export function buildMonthGrid(options: MonthGridOptions): CalendarDay[][] {
  const { year, month } = splitMonth(options.month);
  const firstOfMonth = formatCalendarDate(year, month, 1);
  const lastOfMonth = formatCalendarDate(year, month, getDaysInMonth(year, month));
  const gridStart = addDays(firstOfMonth, 1 - getWeekday(firstOfMonth));
  const weekCount = options.fixedWeeks ? 6 : Math.ceil((countNights(gridStart, lastOfMonth) + 1) / 7);
  const { startDate, endDate } = options.range ?? {};

  const weeks: CalendarDay[][] = [];
  for (let week = 0; week < weekCount; week++) {
    const days: CalendarDay[] = [];
    for (let offset = 0; offset < 7; offset++) {
      const date = addDays(gridStart, week * 7 + offset);
      const inMonth = getMonthOf(date) === options.month;
      days.push({
        date,
        day: Number(date.slice(8, 10)),
        weekday: (offset + 1) as IsoWeekday,
        inMonth,
        isToday: date === options.today,
        disabled: !inMonth || (options.isDisabled?.(date) ?? false),
        isRangeStart: date === startDate,
        isRangeEnd: date === endDate,
        inRange: startDate !== undefined && endDate !== undefined && date > startDate && date < endDate,
      });
    }
    weeks.push(days);
  }
  return weeks;
}
