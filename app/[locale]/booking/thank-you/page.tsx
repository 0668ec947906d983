import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isLocale } from '@/lib/i18n/locales';
import { loadThankYouPage } from '@/lib/pages/thank-you';
import { RememberBooking } from '@/components/booking/remember-booking';
import { ThankYouView } from '@/components/booking/thank-you-view';

// Read from the booking session on every request and never cached: the page is one guest's.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'booking' });
  return { title: t('thankYou.metaTitle'), robots: { index: false, follow: false } };
}

/**
 * /{locale}/booking/thank-you — what was booked, from the server-side session only; query
 * parameters (a partner's `ref`, or anything forged) are not read at all. It shows the booking
 * for as long as the booking session lives: on a reload, from browser history, in another tab.
 */
export default async function ThankYouPage({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const { summary, houseId } = await loadThankYouPage(locale);
  return (
    <>
      <ThankYouView
        summary={summary}
        locale={locale}
        houseId={houseId}
        calendarHref={`/${locale}/booking/thank-you/calendar.ics`}
      />
      <RememberBooking
        houseId={houseId}
        booked={
          summary
            ? { startDate: summary.startDate, endDate: summary.endDate, reservationCode: summary.reservationCode }
            : null
        }
      />
    </>
  );
}
