import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { CalendarDate } from '@/lib/booking/dates';
import { DEFAULT_STAY_NIGHTS, isLongerThanDefault } from '@/lib/booking/default-stay';
import { formatDate } from '@/lib/booking/date-format';
import { formatMoney } from '@/lib/booking/money';
import type { Party } from '@/lib/booking/party';
import { otherPartyPriced } from '@/lib/booking/price-party';
import type { HousePrice } from '@/lib/booking/types';
import { formatStayRange } from '@/components/ui/format';
import { toLocale } from '@/components/ui/locale';

/*
 * The booking panel's texts with a date or an amount in them. Amounts are written without Intl
 * (lib/booking/locale-numbers), but a date needs the browser's date formatter, which loads the
 * locale's data in one long task. So the house page renders the texts with a date in them on the
 * server for what the panel shows first and hands them to the panel; the panel renders them
 * itself once the guest changes the stay.
 */

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/**
 * The chosen arrival, and the departure once there is one. Label, colon and date are one message
 * per locale, because the punctuation differs: French puts a no-break space before the colon.
 */
export function ChosenDates({
  startDate,
  endDate,
}: {
  startDate: CalendarDate;
  endDate?: CalendarDate | undefined;
}) {
  const t = useTranslations('house.booking');
  const locale = toLocale(useLocale());
  return (
    <p>
      {t.rich('arrivalOn', { date: formatDate(startDate, locale, 'compact'), strong })}
      {endDate !== undefined ? (
        <>
          {' · '}
          {t.rich('departureOn', { date: formatDate(endDate, locale, 'compact'), strong })}
        </>
      ) : null}
    </p>
  );
}

/**
 * Below a month past the partner's list of arrivals: how far the list reaches, and that a later
 * arrival day is asked about when picked. Shown only once the guest browses that far.
 */
export function ListReachNote({ lastListed }: { lastListed: CalendarDate }) {
  const t = useTranslations('house.booking');
  const locale = toLocale(useLocale());
  return (
    <p className="mt-2 text-sm text-slate-800">
      {t('beyondList', { date: formatDate(lastListed, locale, 'long') })}
    </p>
  );
}

/**
 * The stay the partner offers without dates, with why it lasts as long as it does. Given the
 * party, a price the partner made for another party is named as that party's, not offered as this one's.
 */
export function SuggestionText({ price, party }: { price: HousePrice; party?: Party | undefined }) {
  const t = useTranslations('house.booking');
  const tPrice = useTranslations('price');
  const locale = toLocale(useLocale());
  const other = party ? otherPartyPriced(price, party) : null;
  const values = {
    range: formatStayRange(price.startDate, price.endDate, locale, 'compact'),
    nights: price.nights,
    price: formatMoney(price.discounted ?? price.full, locale),
  };
  return (
    <p>
      {other
        ? t('suggestionOtherParty', { ...values, party: tPrice(other.key, other.values) })
        : t('suggestion', values)}{' '}
      {isLongerThanDefault(price)
        ? t('suggestionLonger', { nights: price.nights, defaultNights: DEFAULT_STAY_NIGHTS })
        : t('suggestionDefault')}
    </p>
  );
}

/** The total in the bar that keeps the call to book in reach. */
export function BarTotal({ amount }: { amount: number }) {
  const t = useTranslations('house.booking');
  const locale = toLocale(useLocale());
  return (
    <>
      <span className="block">{t('barTotal')}</span>
      <strong className="text-lg text-slate-950 tabular-nums">{formatMoney(amount, locale)}</strong>
    </>
  );
}
