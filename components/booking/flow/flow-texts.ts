import { lineCost } from '@/lib/booking/costs';
import { formatDateRange, formatMoney, recordFormatted, type FormattedTexts } from '@/lib/booking/money';
import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import { formatPriceLineInfo } from '@/lib/booking/price-line-info';
import type { FlowData } from './flow-context';

/**
 * The amounts and dates a booking step shows before the guest changes anything, formatted on the
 * server and handed to the browser with the page (see seedFormatted in lib/booking/money): the
 * stay's dates, the rent, each preference's and service's price, and every line and sum of the
 * partner's price specification. With them the step comes to life without building a number or
 * date formatter; anything else (a total after a choice) is formatted in the browser as usual.
 */
export function flowFormattedTexts(data: FlowData): FormattedTexts {
  return recordFormatted(() => {
    const { locale } = data;
    const counts = { nights: data.nights, persons: data.persons };
    formatDateRange(data.criteria.startDate, data.criteria.endDate, locale, 'medium');
    if (data.rent !== null) formatMoney(data.rent, locale);
    for (const choice of [...data.preferences, ...data.services]) {
      formatMoney(choice.cost, locale);
      try {
        formatMoney(lineCost({ cost: choice.cost, costType: choice.costType, ...counts }).amount, locale);
      } catch {
        // A cost the browser cannot compute either; it says so there.
      }
    }
    if (!data.stayCosts) return;
    const breakdown = toPriceBreakdown(data.stayCosts);
    for (const part of [breakdown.advance, breakdown.atPark, breakdown.deposit, ...breakdown.other]) {
      if (!part) continue;
      if (part.total !== null) formatMoney(part.total, locale);
      for (const line of part.lines) {
        if (line.amount !== null) formatMoney(line.amount, locale);
        formatPriceLineInfo(line, locale);
      }
    }
    if (breakdown.price !== null) formatMoney(breakdown.price, locale);
    if (breakdown.partnerTotal?.amount != null) formatMoney(breakdown.partnerTotal.amount, locale);
  });
}
