import { useLocale, useTranslations } from 'next-intl';
import { sumAmounts } from '@/lib/booking/costs';
import { formatMoney } from '@/lib/booking/money';
import { formatStayRange } from '@/components/ui/format';
import type { HousePrice } from '@/lib/booking/types';
import { cx } from './cx';
import { toLocale } from './locale';

/**
 * The price hierarchy used on result cards and the house page: what the guest pays for the
 * whole stay (mandatory costs included) first and largest, the full price struck through when
 * there is a discount, then the price per night.
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
    <div className={cx(size === 'card' ? 'text-right' : 'text-left')}>
      {showPeriod ? (
        <p className="text-sm text-slate-700">
          {t('period', {
            nights: price.nights,
            range: formatStayRange(price.startDate, price.endDate, locale, 'compact'),
          })}
        </p>
      ) : null}
      <p className={cx('flex flex-wrap items-baseline gap-x-2', size === 'card' ? 'justify-end' : '')}>
        {price.discounted !== undefined ? (
          <del className="text-base text-slate-600">
            <span className="sr-only">{t('fullPrice')} </span>
            {formatMoney(price.full, locale)}
          </del>
        ) : null}
        <span className={cx('font-bold text-slate-950', size === 'card' ? 'text-2xl' : 'text-3xl')}>
          <span className="sr-only">{price.discounted !== undefined ? t('discountedPrice') : t('totalPrice')} </span>
          {formatMoney(pay, locale)}
        </span>
      </p>
      <p className="text-sm text-slate-700">{t('includesMandatory')}</p>
      <p className="text-sm text-slate-700">{t('perNight', { amount: formatMoney(price.perNight, locale) })}</p>
      {saving > 0 ? (
        <p className="mt-1 inline-block rounded-md bg-accent-600 px-2 py-0.5 text-sm font-semibold text-white">
          {t('youSave', { amount: formatMoney(saving, locale) })}
        </p>
      ) : null}
    </div>
  );
}
