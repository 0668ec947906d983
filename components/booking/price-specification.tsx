import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import type { PriceOverview } from '@/lib/booking/types';
import type { Locale } from '@/lib/i18n/locales';
import { CostBreakdown } from './cost-breakdown';

/**
 * The partner's price specification for a quote, a hold or a booking, shown in the one shape
 * every price on the site takes (./cost-breakdown): what is paid in advance, at the park, the
 * total price, and the refundable deposit apart from it.
 */
export function PriceSpecification({ price, locale }: { price: PriceOverview; locale: Locale }) {
  return <CostBreakdown breakdown={toPriceBreakdown(price)} locale={locale} testId="price-specification" />;
}
