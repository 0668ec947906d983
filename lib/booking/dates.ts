/**
 * Calendar dates (`YYYY-MM-DD`) for stays. A stay is a pair of calendar days, not instants, so
 * everything here is integer arithmetic on year/month/day: no `Date` parsing, no local time
 * zone, no daylight-saving surprises when the server and the browser sit in different zones.
 */

/** A calendar date as `YYYY-MM-DD` (validated by `isCalendarDate`). */
export type CalendarDate = string;

/**
 * The nights of a stay: the arrival day and the departure day. A stay still being chosen, or one
 * a request may leave out, is a `Partial<StayDates>`.
 */
export interface StayDates {
  startDate: CalendarDate;
  endDate: CalendarDate;
}

/** ISO weekday: 1 = Monday … 7 = Sunday (the calendar grid starts on Monday). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function getDaysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Splits a valid date into numbers, or null when the text is not a real calendar date. */
export function splitCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Year 0 does not exist in the proleptic Gregorian calendar the partner uses.
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > getDaysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && splitCalendarDate(value) !== null;
}

/** The date itself when valid, else null; accepts only the exact `YYYY-MM-DD` form. */
export function parseCalendarDate(value: string): CalendarDate | null {
  return isCalendarDate(value) ? value : null;
}

export function formatCalendarDate(year: number, month: number, day: number): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function requireParts(date: CalendarDate): { year: number; month: number; day: number } {
  const parts = splitCalendarDate(date);
  if (!parts) throw new RangeError(`Not a calendar date: ${JSON.stringify(date)}`);
  return parts;
}

/**
 * Days since 1970-01-01 (Hinnant's days-from-civil). Pure integer maths, so adding days never
 * crosses a daylight-saving boundary the way local `Date` arithmetic can.
 */
export function toEpochDay(date: CalendarDate): number {
  const { year, month, day } = requireParts(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function fromEpochDay(epochDay: number): CalendarDate {
  if (!Number.isSafeInteger(epochDay)) throw new RangeError(`Not a day number: ${epochDay}`);
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1 || year > 9999) throw new RangeError(`Date out of range: day ${epochDay}`);
  return formatCalendarDate(year, month, day);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return fromEpochDay(toEpochDay(date) + days);
}

/** Nights from arrival to departure; negative when departure comes first. */
export function countNights(arrival: CalendarDate, departure: CalendarDate): number {
  return toEpochDay(departure) - toEpochDay(arrival);
}

/** -1, 0 or 1, for `Array.prototype.sort`. */
export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  const diff = toEpochDay(a) - toEpochDay(b);
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;
}

export function getWeekday(date: CalendarDate): IsoWeekday {
  // 1970-01-01 was a Thursday (ISO 4).
  return (((((toEpochDay(date) + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

const todayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Today's calendar date where the houses are (Europe/Amsterdam by default), so "start in the
 * past" means the same on a server in UTC and in a browser in Sydney.
 */
export function getToday(timeZone: string = DEFAULT_TIME_ZONE, now?: Date): CalendarDate {
  // The clock is read as a number: the site server asks on every request for a stored page, and
  // a Date is only built when the date must be worked out.
  const ms = now ? now.getTime() : Date.now();
  // UTC's day needs no formatter, which the browser would build in one long task.
  if (timeZone === 'UTC') return new Date(ms).toISOString().slice(0, 10);
  // A page asks for today a dozen times while it renders; the formatter runs once a second.
  return todayThisSecond(timeZone, ms);
}

/**
 * `compute`, worked out once for each second of the clock (and each `key`). A day starts on a
 * whole second, so whatever depends on the clock only through the date is the same for every
 * instant of one second; only the last answer is kept.
 */
export function oncePerSecond<K, V>(compute: (key: K, ms: number) => V): (key: K, ms: number) => V {
  let last: { key: K; second: number; value: V } | undefined;
  return (key, ms) => {
    const second = Math.floor(ms / 1000);
    if (last !== undefined && last.second === second && last.key === key) return last.value;
    const value = compute(key, ms);
    last = { key, second, value };
    return value;
  };
}

const todayThisSecond = oncePerSecond((timeZone: string, ms: number) => todayIn(timeZone, new Date(ms)));

function todayIn(timeZone: string, now: Date): CalendarDate {
  let formatter = todayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    todayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const read = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return formatCalendarDate(read('year'), read('month'), read('day'));
}
