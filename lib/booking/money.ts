/**
 * Money and number display for the four site locales, written without Intl (see
 * lib/booking/locale-numbers): building a number formatter costs a phone tens of milliseconds.
 * Dates are written by date-format.ts.
 */
import type { Locale } from '@/lib/i18n/locales';
import { writeEuros, writeNumber, writePercent } from './locale-numbers';

export interface MoneyOptions {
  /** Leave out ",00" on whole amounts (e.g. "from € 289" on a result card). */
  hideZeroCents?: boolean;
}

/**
 * Euros the locale's way. Every space in the result is a no-break space: an amount never breaks
 * across lines ("1 234,50 €" in French), and the server's HTML and the browser's render agree.
 */
export function formatMoney(amount: number, locale: Locale, options: MoneyOptions = {}): string {
  return writeEuros(amount, locale, options.hideZeroCents === true);
}

/** A plain number ("1 234" in French), kept on one line. */
export function formatNumber(value: number, locale: Locale): string {
  return writeNumber(value, locale);
}

/** A percentage given in percent ("-10" → "-10 %" in French, "-10%" in Dutch), kept on one line. */
export function formatPercent(percent: number, locale: Locale): string {
  return writePercent(percent / 100, locale);
}
