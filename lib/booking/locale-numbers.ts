/**
 * Numbers, euro amounts and percentages written the way the four site locales write them, without
 * Intl. A browser's first Intl number formatter loads the locale's number data, a single task of
 * 30–60 ms on a fast machine and several times that on a phone, and a page's first price is
 * written in the middle of its first interactions. These are decimal rules only (separators,
 * grouping by three, where the euro sign and the minus go), so they are written out here; the
 * tests compare every function with Intl's output for the same locale.
 *
 * Rounding is Intl's: the shortest decimal that reads back as the number (what String() writes),
 * rounded half away from zero, so 1.005 becomes 1.01 although its binary value lies below it.
 * Every space is a no-break space (U+00A0): an amount never breaks across lines, and ICU versions
 * differ in which space they write (plain, thin, narrow no-break).
 */
import type { Locale } from '@/lib/i18n/locales';

const NBSP = '\u00a0';

interface Conventions {
  readonly decimal: string;
  readonly group: string;
  /** The amount and its sign around the euro sign. */
  readonly money: (sign: string, digits: string) => string;
  readonly percent: (sign: string, digits: string) => string;
}

const CONVENTIONS: Record<Locale, Conventions> = {
  nl: { decimal: ',', group: '.', money: (s, d) => `€${NBSP}${s}${d}`, percent: (s, d) => `${s}${d}%` },
  en: { decimal: '.', group: ',', money: (s, d) => `${s}€${d}`, percent: (s, d) => `${s}${d}%` },
  de: { decimal: ',', group: '.', money: (s, d) => `${s}${d}${NBSP}€`, percent: (s, d) => `${s}${d}${NBSP}%` },
  fr: { decimal: ',', group: NBSP, money: (s, d) => `${s}${d}${NBSP}€`, percent: (s, d) => `${s}${d}${NBSP}%` },
};

interface Rounding {
  readonly minFraction: number;
  readonly maxFraction: number;
  /** Powers of ten to move the decimal point right by first (2 for a percentage of a fraction). */
  readonly shift?: number;
}

/** The integer and fraction digits of |value| × 10^shift, exactly as its shortest decimal writes them. */
function decimalDigits(value: number, shift: number): { whole: string; fraction: string } {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(Math.abs(value).toString());
  if (!match) return { whole: '0', fraction: '' };
  const [, whole = '0', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent) + shift;
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return '1' + '0'.repeat(digits.length);
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
}

function rounded(value: number, { minFraction, maxFraction, shift = 0 }: Rounding) {
  let { whole, fraction } = decimalDigits(value, shift);
  if (fraction.length > maxFraction) {
    const up = fraction.charCodeAt(maxFraction) >= 53; // '5'
    fraction = fraction.slice(0, maxFraction);
    if (up) {
      const next = increment(whole + fraction);
      whole = next.slice(0, next.length - maxFraction);
      fraction = next.slice(next.length - maxFraction);
    }
  }
  let end = fraction.length;
  while (end > minFraction && fraction[end - 1] === '0') end--;
  return { whole: whole.replace(/^0+(?=\d)/, ''), fraction: fraction.slice(0, end).padEnd(minFraction, '0') };
}

function written(value: number, conventions: Conventions, rounding: Rounding): { sign: string; digits: string } {
  // Intl writes a minus for every negative number, negative zero included.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return { sign, digits: Number.isNaN(value) ? 'NaN' : '∞' };
  const { whole, fraction } = rounded(value, rounding);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, conventions.group);
  return { sign, digits: fraction ? `${grouped}${conventions.decimal}${fraction}` : grouped };
}

/** Euros with cents ("€ 1.234,50"); whole amounts without ",00" when hideZeroCents is set. */
export function writeEuros(amount: number, locale: Locale, hideZeroCents = false): string {
  const conventions = CONVENTIONS[locale];
  const { sign, digits } = written(amount, conventions, { minFraction: 2, maxFraction: 2 });
  const cents = `${conventions.decimal}00`;
  return conventions.money(sign, hideZeroCents && digits.endsWith(cents) ? digits.slice(0, -cents.length) : digits);
}

/** A plain number, with at most three decimals ("12.345,678"). */
export function writeNumber(value: number, locale: Locale): string {
  const { sign, digits } = written(value, CONVENTIONS[locale], { minFraction: 0, maxFraction: 3 });
  return sign + digits;
}

/** A fraction as a percentage with at most two decimals (0.125 → "12,5 %" in German). */
export function writePercent(fraction: number, locale: Locale): string {
  const conventions = CONVENTIONS[locale];
  const { sign, digits } = written(fraction, conventions, { minFraction: 0, maxFraction: 2, shift: 2 });
  return conventions.percent(sign, digits);
}
