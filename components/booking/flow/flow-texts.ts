import { formatDateRange, recordFormatted, STAY_DATE_STYLE, type FormattedTexts } from '@/lib/booking/date-format';
import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import { formatPriceLineInfo } from '@/lib/booking/price-line-info';
import type { FlowData } from './flow-context';

/**
 * The dates a booking step shows before the guest changes anything, formatted on the server and
 * handed to the browser with the page (see seedFormatted in lib/booking/date-format): the stay's dates
 * and those in the lines of the partner's price specification. With them the step comes to life
 * without building a date formatter. Amounts need none.
 */
export function flowFormattedTexts(data: FlowData): FormattedTexts {
  return recordFormatted(() => {
    const { locale } = data;
    formatDateRange(data.criteria.startDate, data.criteria.endDate, locale, STAY_DATE_STYLE);
    if (!data.stayCosts) return;
    const breakdown = toPriceBreakdown(data.stayCosts);
    for (const part of [breakdown.advance, breakdown.atPark, breakdown.deposit, ...breakdown.other]) {
      for (const line of part?.lines ?? []) formatPriceLineInfo(line, locale);
    }
  });
}
