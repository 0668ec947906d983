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
} from './dates';
import { MAX_STAY_NIGHTS } from './deep-link';

/** A month as `YYYY-MM`, the form it takes in a URL. */
export type MonthKey = string;

/** How far ahead the picker browses; the partner's availability rarely reaches further. */
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

/** The months the picker may show: from the current month to MAX_MONTHS_AHEAD after it. */
export function getMonthBounds(today: CalendarDate): { first: MonthKey; last: MonthKey } {
  const first = getMonthOf(today);
  return { first, last: addMonths(first, MAX_MONTHS_AHEAD) };
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

/** The last day of the last month the picker shows. */
export function getLastBrowsableDate(today: CalendarDate): CalendarDate {
  const { year, month } = splitMonth(getMonthBounds(today).last);
  return formatCalendarDate(year, month, getDaysInMonth(year, month));
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

/** A stay being chosen: an arrival, then a departure. */
export interface StayRange {
  startDate?: CalendarDate;
  endDate?: CalendarDate;
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
  range?: StayRange;
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
