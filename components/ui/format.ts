import { formatDateRange, type DateStyle } from '@/lib/booking/date-format';
import type { Locale } from '@/lib/i18n/locales';

/**
 * A stay's date range for display. Node's ICU puts thin spaces around the dash where browsers
 * put plain ones; one form for both keeps server HTML and hydration identical.
 */
export function formatStayRange(start: string, end: string, locale: Locale, style: DateStyle = 'medium'): string {
  return formatDateRange(start, end, locale, style).replace(/\u2009/g, ' ');
}
