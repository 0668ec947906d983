import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/booking/money';
import type { Party } from '@/lib/booking/party';
import { voucherFor, type PricedPartyMessage } from '@/lib/booking/price-party';
import type { HousePrice } from '@/lib/booking/types';
import { toLocale } from '@/components/ui/locale';
import { usePriceLabels, usePriceTexts } from '@/components/ui/stay-price';
import { OtherPartyPriceView, PartyPriceView, type PriceBlockSize } from '@/components/ui/stay-price-view';

/**
 * A stay's price where the page presents it as the price for the guest's party: the house page's
 * booking panel (a result card applies the same rule to its texts, see HouseCard). The partner
 * may say it priced another party (its default two adults, or the party without its pets); that
 * amount is then shown for what it is, plainly and with the party it is for, never in the large
 * type of the party's own price.
 */
export function PartyStayPrice({
  price,
  party,
  size = 'card',
}: {
  price: HousePrice;
  party: Party;
  size?: PriceBlockSize;
}) {
  return (
    <PartyPriceView texts={usePriceTexts().party(price, party, size)} labels={usePriceLabels()} size={size} />
  );
}

/** The amount of a price made for another party, what that party is, and when this party's follows. */
export function OtherPartyPrice({
  price,
  pricedFor,
  size,
}: {
  price: HousePrice;
  pricedFor: PricedPartyMessage;
  size: PriceBlockSize;
}) {
  return <OtherPartyPriceView texts={usePriceTexts().otherParty(price, pricedFor, size)} size={size} />;
}

/** The part of the party's price a voucher may pay, when the partner names one; nothing otherwise. */
export function VoucherNote({ price, party }: { price: HousePrice; party: Party }) {
  const t = useTranslations('price');
  const locale = toLocale(useLocale());
  const amount = voucherFor(price, party);
  if (amount === null) return null;
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="voucher-note">
      {t('voucher', { amount: formatMoney(amount, locale) })}
    </p>
  );
}
