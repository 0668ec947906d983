import { useLocale, useTranslations } from 'next-intl';
import { summarizeDefaultStays } from '@/lib/booking/default-stay';
import type { Party } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';
import { formatDate } from '@/lib/booking/date-format';
import { formatStayRange } from '@/components/ui/format';
import { Notice } from '@/components/ui/notice';
import { toLocale } from '@/components/ui/locale';
import { usePartySummary } from './use-party-summary';

/**
 * Says which dates and party the results assume when the address named none: the partner then
 * prices each house for its own first available default stay (2 nights, or the park's longer
 * minimum stay for that arrival), and a party of two adults.
 */
export function AssumptionNote({
  assumedDates,
  assumedParty,
  party,
  prices,
}: {
  assumedDates: boolean;
  assumedParty: boolean;
  party: Party;
  prices: HousePrice[];
}) {
  const t = useTranslations('assumptions');
  const locale = toLocale(useLocale());
  const partyText = usePartySummary(party);
  if (!assumedDates && !assumedParty) return null;
  const periods = new Set(prices.map((p) => `${p.startDate}/${p.endDate}`));
  const first = prices.reduce<HousePrice | undefined>(
    (best, p) => (best === undefined || p.startDate < best.startDate ? p : best),
    undefined,
  );
  const lengths = summarizeDefaultStays(prices);
  return (
    <Notice title={t('title')}>
      {assumedDates ? (
        <p>
          {first === undefined
            ? t('datesNone')
            : periods.size === 1
              ? t('datesSame', {
                  range: formatStayRange(first.startDate, first.endDate, locale, 'long'),
                  nights: first.nights,
                })
              : t('datesPerHouse', { first: formatDate(first.startDate, locale, 'long') })}
        </p>
      ) : null}
      {assumedDates && first !== undefined ? (
        <p data-testid="default-stay-note">
          {lengths.longer === 0
            ? t('defaultLength', { nights: lengths.defaultNights })
            : t('longerStays', { nights: lengths.defaultNights, count: lengths.longer })}
        </p>
      ) : null}
      {assumedParty ? <p>{t('party', { party: partyText })}</p> : null}
      <p>{t('change')}</p>
    </Notice>
  );
}
