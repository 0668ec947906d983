import { useLocale, useTranslations } from 'next-intl';
import { sumAmounts } from '@/lib/booking/costs';
import { formatMoney } from '@/lib/booking/money';
import type { Party } from '@/lib/booking/party';
import { otherPartyPriced, type PricedPartyMessage } from '@/lib/booking/price-party';
import { formatStayRange } from '@/components/ui/format';
import type { HousePrice } from '@/lib/booking/types';
import { toLocale } from './locale';
import {
  StayPriceView,
  type OtherPartyTexts,
  type PartyPriceTexts,
  type PriceBlockSize,
  type PriceLabels,
  type StayPriceTexts,
} from './stay-price-view';

/** The stay's price block (see StayPriceView), translated for the page's language. */
export function StayPrice({
  price,
  size = 'card',
  showPeriod = true,
}: {
  price: HousePrice;
  size?: PriceBlockSize;
  showPeriod?: boolean;
}) {
  return (
    <StayPriceView texts={usePriceTexts().stay(price, showPeriod)} labels={usePriceLabels()} size={size} />
  );
}

/** The words every price block says (see PriceLabels). */
export function usePriceLabels(): PriceLabels {
  const t = useTranslations('price');
  return {
    fullPrice: t('fullPrice'),
    totalPrice: t('totalPrice'),
    discountedPrice: t('discountedPrice'),
    includesMandatory: t('includesMandatory'),
  };
}

/** Works out the texts of the price blocks in the page's language. */
export function usePriceTexts() {
  const t = useTranslations('price');
  const locale = toLocale(useLocale());
  /** The stay's nights and dates, the first line of every price block. */
  const period = (price: HousePrice) =>
    t('period', {
      nights: price.nights,
      range: formatStayRange(price.startDate, price.endDate, locale, 'compact'),
    });
  const texts = {
    /** The party's own price: the whole stay, the full price when discounted, per night. */
    stay(price: HousePrice, showPeriod = true): StayPriceTexts {
      const saving = price.discounted !== undefined ? sumAmounts([price.full, -price.discounted]) : 0;
      return {
        ...(showPeriod ? { period: period(price) } : {}),
        ...(price.discounted !== undefined ? { full: formatMoney(price.full, locale) } : {}),
        pay: formatMoney(price.discounted ?? price.full, locale),
        perNight: t('perNight', { amount: formatMoney(price.perNight, locale) }),
        ...(saving > 0 ? { saving: t('youSave', { amount: formatMoney(saving, locale) }) } : {}),
      };
    },
    /** A price made for another party: its amount and party, and when this party's follows. */
    otherParty(price: HousePrice, pricedFor: PricedPartyMessage, size: PriceBlockSize): OtherPartyTexts {
      return {
        period: period(price),
        amount: t('otherParty', {
          amount: formatMoney(price.discounted ?? price.full, locale),
          party: t(pricedFor.key, pricedFor.values),
        }),
        follows: t(size === 'card' ? 'otherPartyFollows' : 'otherPartyFollowsBooking'),
      };
    },
    /**
     * The price as the guest's party's: its own, or the one the partner made for another party
     * (its default two adults, or the party without its pets), shown for what it is.
     */
    party(price: HousePrice, party: Party, size: PriceBlockSize): PartyPriceTexts {
      const other = otherPartyPriced(price, party);
      return other ? { otherParty: texts.otherParty(price, other, size) } : { stay: texts.stay(price) };
    },
  };
  return texts;
}
