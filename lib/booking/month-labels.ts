import type { Locale } from '@/lib/i18n/locales';
import type { MonthKey } from './calendar';
import { getDaysInMonth, type CalendarDate } from './dates';
import { formatDate, formatMonth, getWeekdayLabels } from './date-format';

/** The words of one month of the availability calendar: its heading, the weekdays, each day in full. */
export interface MonthLabels {
  readonly month: MonthKey;
  readonly title: string;
  readonly weekdays: { readonly short: readonly string[]; readonly long: readonly string[] };
  readonly days: Readonly<Record<CalendarDate, string>>;
}

/**
 * The calendar's words for a month. The server writes them for the month the calendar opens on,
 * so the browser shows that month without building a date formatter while the page comes to
 * life; the browser makes them itself for any other month the guest turns to.
 */
export function getMonthLabels(month: MonthKey, locale: Locale): MonthLabels {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days: Record<CalendarDate, string> = {};
  for (let day = 1; day <= getDaysInMonth(year, monthNumber); day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    days[date] = formatDate(date, locale, 'full');
  }
  return {
    month,
    title: formatMonth(month, locale),
    weekdays: { short: getWeekdayLabels(locale, 'short'), long: getWeekdayLabels(locale, 'long') },
    days,
  };
}
