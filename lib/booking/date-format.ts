/**
 * Date display for the four site locales. Calendar dates are formatted in UTC on purpose: the
 * date is a day, not an instant, and formatting it in the viewer's zone would show 30 June to a
 * guest in New York who chose 1 July.
 */
import type { Locale } from '@/lib/i18n/locales';
import type { MonthKey } from './calendar';
import { splitCalendarDate, type CalendarDate } from './dates';

// Regional tags pin the conventions (en → British day-month order, as the guests are European).
const INTL_LOCALE: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

// Building an Intl formatter is costly and a page formats many dates. Amounts, numbers and
// percentages need none (money.ts).
const formatters = new Map<string, Intl.DateTimeFormat>();
function cached(key: string, create: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

/*
 * Dates the server formatted for a page, by what was formatted. Building the browser's first
 * date formatter loads the locale's data (tens of milliseconds on a phone); a page whose first
 * render needs dates the browser cannot get from the server's HTML alone hands
 * the server's texts over (seedFormatted), and the browser writes them without a formatter. What
 * was not handed over is formatted as usual. The server learns the texts by formatting the same
 * values inside recordFormatted.
 */
export type FormattedTexts = Readonly<Record<string, string>>;
const seeded = new Map<string, string>();
let recording: Map<string, string> | null = null;

/**
 * Texts already formatted here, by what was formatted: a server renders the same dates for page
 * after page, and formatting one (a range above all) costs more than finding its text. The key
 * names the locale, style and dates, so a text never changes. Bounded: when full it starts over.
 */
const formattedTexts = new Map<string, string>();
const MAX_FORMATTED_TEXTS = 5_000;

function remembered(key: string, format: () => string): string {
  let text = seeded.get(key) ?? formattedTexts.get(key);
  if (text === undefined) {
    text = format();
    if (formattedTexts.size >= MAX_FORMATTED_TEXTS) formattedTexts.clear();
    formattedTexts.set(key, text);
  }
  recording?.set(key, text);
  return text;
}

/** Every text formatted while `run` runs (synchronously), to hand to the browser. */
export function recordFormatted(run: () => void): FormattedTexts {
  const outer = recording;
  const texts = new Map<string, string>();
  recording = texts;
  try {
    run();
  } finally {
    recording = outer;
  }
  return Object.fromEntries(texts);
}

/** Takes the server's texts for this page; in the browser only (a server serves every page). */
export function seedFormatted(texts: FormattedTexts | undefined): void {
  if (typeof window === 'undefined' || !texts) return;
  for (const [key, text] of Object.entries(texts)) seeded.set(key, text);
}

export const DATE_STYLES = ['short', 'medium', 'long', 'full', 'compact'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

/**
 * How a booking writes its stay wherever it names it (the step's heading, the stay card, the
 * summary, the thank-you page): one way on one page, and with the month's name, since in German
 * the medium style is all digits ("01.–08.07.2027") beside a heading that says "1.–8. Juli 2027".
 */
export const STAY_DATE_STYLE: DateStyle = 'long';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'short' },
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  full: { dateStyle: 'full' },
  // Weekday, day and month without the year: stay cards and the price summary.
  compact: { weekday: 'short', day: 'numeric', month: 'short' },
};

function dateFormatter(locale: Locale, style: DateStyle): Intl.DateTimeFormat {
  return cached(
    `date:${locale}:${style}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...DATE_OPTIONS[style], timeZone: 'UTC' }),
  );
}

/** The UTC instant at the start of a calendar date (years below 100 included). */
function toUtcDate(date: CalendarDate): Date | null {
  const parts = splitCalendarDate(date);
  if (!parts) return null;
  const value = new Date(0);
  value.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return value;
}

/** A calendar date for people; an invalid date is returned as it came rather than crash a page. */
export function formatDate(date: CalendarDate, locale: Locale, style: DateStyle = 'medium'): string {
  const value = toUtcDate(date);
  return value ? remembered(`date:${locale}:${style}:${date}`, () => dateFormatter(locale, style).format(value)) : date;
}

/** A stay as one phrase, with shared month and year written once ("1–8 jul 2026"). */
export function formatDateRange(
  start: CalendarDate,
  end: CalendarDate,
  locale: Locale,
  style: DateStyle = 'medium',
): string {
  const from = toUtcDate(start);
  const to = toUtcDate(end);
  if (!from || !to) return `${start} – ${end}`;
  if (from > to) return `${formatDate(start, locale, style)} – ${formatDate(end, locale, style)}`;
  return remembered(`range:${locale}:${style}:${start}:${end}`, () => dateFormatter(locale, style).formatRange(from, to));
}

/** The heading of a month in the picker, e.g. "juli 2026". */
export function formatMonth(month: MonthKey, locale: Locale): string {
  const value = toUtcDate(`${month}-01`);
  if (!value) return month;
  return cached(
    `month:${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(value);
}

/** Weekday names Monday first, for the picker's column headings. */
export function getWeekdayLabels(locale: Locale, width: 'short' | 'narrow' | 'long' = 'short'): string[] {
  const formatter = cached(
    `weekday:${locale}:${width}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: width, timeZone: 'UTC' }),
  );
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => formatter.format(new Date(Date.UTC(2024, 0, 1 + i))));
}
