'use client';

import { useTranslations } from 'next-intl';
import { namedPriceKind } from '@/lib/booking/booking-type';
import type { PaymentTerms } from '@/lib/booking/overview';
import { voucherFor } from '@/lib/booking/price-party';
import { card } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { useFlow } from './flow-context';
import { useBookingFormat } from './use-booking-format';

/**
 * What the partner says about the held price that bears on the guest's decision: an early-booking
 * or last-minute price (a normal price, or a kind it has not documented, says nothing), and the part
 * of the price a voucher may pay. Nothing at all when it says neither.
 */
export function PriceTermsNote({ terms }: { terms: Pick<PaymentTerms, 'paymentBookingType'> }) {
  const t = useTranslations('booking.payment');
  const { data } = useFlow();
  const f = useBookingFormat(data.locale);
  const kind = namedPriceKind(terms.paymentBookingType);
  const voucher = data.rentPrice ? voucherFor(data.rentPrice, data.criteria.party) : null;
  if (kind === null && voucher === null) return null;
  return (
    <div className={cx(card, 'space-y-1 p-4 text-sm text-slate-800')} data-testid="price-terms">
      {kind !== null ? <p className="font-medium">{t(`priceKind.${kind}`)}</p> : null}
      {voucher !== null ? <p>{t('voucher', { amount: f.money(voucher) })}</p> : null}
    </div>
  );
}
