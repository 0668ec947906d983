import { useLocale, useTranslations } from 'next-intl';
import { sumAmounts } from '@/lib/booking/costs';
import { formatMoney } from '@/lib/booking/money';
import { formatStayRange } from '@/components/ui/format';
import type { HousePrice } from '@/lib/booking/types';
import { toLocale } from './locale';

/**
 * The price hierarchy used on result cards and the house page: what the guest pays for the
 * whole stay (mandatory costs included) first and largest, the full price struck through when
 * there is a discount, then the price per night. Styled by the `stay-price` classes of
 * globals.css: on a results page the block repeats on every card, and short class names cost far
 * fewer bytes there (in the HTML and in the serialized tree) than the utility lists.
 */
export function StayPrice({
  price,
  size = 'card',
  showPeriod = true,
}: {
  price: HousePrice;
  size?: 'card' | 'panel';
  showPeriod?: boolean;
}) {
  const t = useTranslations('price');
  const locale = toLocale(useLocale());
  const pay = price.discounted ?? price.full;
  const saving = price.discounted !== undefined ? sumAmounts([price.full, -price.discounted]) : 0;
  return (
    <div className={`stay-price stay-price-${size}`}>
      {showPeriod ? <StayPeriod price={price} /> : null}
      <p className="stay-price-amounts">
        {price.discounted !== undefined ? (
          <del>
            <span className="sr-only">{t('fullPrice')} </span>
            {formatMoney(price.full, locale)}
          </del>
        ) : null}
        <strong>
          <span className="sr-only">{price.discounted !== undefined ? t('discountedPrice') : t('totalPrice')} </span>
          {formatMoney(pay, locale)}
        </strong>
      </p>
      <p>{t('includesMandatory')}</p>
      <p>{t('perNight', { amount: formatMoney(price.perNight, locale) })}</p>
      {saving > 0 ? <p className="stay-price-saving">{t('youSave', { amount: formatMoney(saving, locale) })}</p> : null}
    </div>
  );
}

/** The stay's nights and dates, the first line of every price block. */
export function StayPeriod({ price }: { price: HousePrice }) {
  const t = useTranslations('price');
  const range = formatStayRange(price.startDate, price.endDate, toLocale(useLocale()), 'compact');
  return <p>{t('period', { nights: price.nights, range })}</p>;
}
