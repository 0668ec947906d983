import { getTranslations } from 'next-intl/server';
import type { ArrivalDayAdvice } from '@/lib/booking/arrival-days';
import { formatDate, getWeekdayLabels } from '@/lib/booking/date-format';
import { getWeekday, type CalendarDate } from '@/lib/booking/dates';
import type { Party } from '@/lib/booking/party';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/locales';
import { stayQuery } from '@/lib/pages/house-stay';
import { Notice } from '@/components/ui/notice';
import { textLink } from '@/components/ui/styles';

/**
 * Why the arrival in the link has no price when the park does not take arrivals on its weekday:
 * the weekdays it does take around that date, and the nearest arrival days as links that keep the
 * party (the guest then picks the departure in the calendar).
 */
export async function ArrivalDayNotice({
  houseId,
  requested,
  advice,
  party,
  locale,
}: {
  houseId: number;
  requested: CalendarDate;
  advice: ArrivalDayAdvice;
  party: Party;
  locale: Locale;
}) {
  const t = await getTranslations('house.stayNotes.arrivalWeekday');
  const names = getWeekdayLabels(locale, 'long');
  const dayName = (date: CalendarDate) => names[getWeekday(date) - 1] ?? '';
  const weekdays = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    advice.weekdays.map((weekday) => names[weekday - 1] ?? ''),
  );
  const nearest = [advice.before, advice.after].filter((date): date is CalendarDate => date !== undefined);
  return (
    <section aria-labelledby="arrival-weekday-heading">
      <Notice tone="warning" title={<span id="arrival-weekday-heading">{t('title')}</span>}>
        <p>
          {t('body', { date: formatDate(requested, locale, 'long'), weekday: dayName(requested), weekdays })}
        </p>
        {nearest.length > 0 ? (
          <>
            <p>{t('nearest')}</p>
            <ul className="flex flex-wrap gap-x-4">
              {nearest.map((date) => (
                <li key={date}>
                  {/* A plain link, so the page loads anew and its booking panel starts from that arrival. */}
                  <a
                    href={`${getPathname({ locale, href: `/houses/${houseId}` })}?${stayQuery({ startDate: date }, party)}`}
                    className={`${textLink} inline-flex min-h-11 items-center`}
                  >
                    {formatDate(date, locale, 'full')}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Notice>
    </section>
  );
}
