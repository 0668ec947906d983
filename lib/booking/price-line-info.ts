/**
 * The detail under a line of the partner's price specification ("2 × 3 × 4.25", "(2027-01-10)",
 * "-10%"), written in the page's language: the partner writes it once, in its own number and date
 * notation, whatever language the guest reads.
 */
import type { Locale } from '@/lib/i18n/locales';
import type { CalendarDate } from './dates';
import { formatDate } from './date-format';
import { formatMoney, formatNumber, formatPercent } from './money';

/** What a detail says when the partner's text could be read; each part is optional. */
export interface PriceLineDetail {
  /** Counts multiplied together before the unit price (quantity, persons, nights). */
  factors?: number[];
  /** The price of one unit in euros. */
  unitPrice?: number;
  /** A percentage, e.g. -10 for a 10 % discount. */
  percent?: number;
  /** The day the line is for (a service on a chosen day). */
  date?: CalendarDate;
}

// Between the factors, as written on the partner's lines; the multiplication sign is the same in
// the four languages.
const TIMES = ' × ';

/**
 * The detail in the page's language ("2 × € 4,25 (10 jan 2027)" on a Dutch page), or the
 * partner's text as it came when it could not be read; an empty string when there is neither.
 */
export function formatPriceLineInfo(
  line: { info?: string; detail?: PriceLineDetail; amount?: number | null },
  locale: Locale,
): string {
  const { detail } = line;
  if (!detail) return line.info ?? '';
  // One piece at the line's own amount ("1 × 5.50" beside 5.50) says nothing the amount does not.
  const repeatsAmount =
    detail.unitPrice !== undefined &&
    detail.unitPrice === line.amount &&
    (detail.factors ?? []).every((factor) => factor === 1);
  const product = repeatsAmount
    ? ''
    : [
        ...(detail.factors ?? []).map((factor) => formatNumber(factor, locale)),
        ...(detail.unitPrice === undefined ? [] : [formatMoney(detail.unitPrice, locale)]),
      ].join(TIMES);
  const parts = [product, detail.percent === undefined ? '' : formatPercent(detail.percent, locale)].filter(
    Boolean,
  );
  const date = detail.date === undefined ? '' : formatDate(detail.date, locale, 'medium');
  if (parts.length === 0) return date || (repeatsAmount ? '' : (line.info ?? ''));
  return date ? `${parts.join(' ')} (${date})` : parts.join(' ');
}
