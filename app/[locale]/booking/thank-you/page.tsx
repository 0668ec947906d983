import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isLocale } from '@/lib/booking/money';
import { readDone } from '@/lib/booking-server/booking-records';
import { readPageSession } from '@/lib/booking-server/page-session';
import { CloseBookingSession } from '@/components/booking/close-booking-session';
import { ThankYouView, type ThankYouSummary } from '@/components/booking/thank-you-view';

// Read from the booking session on every request, never cached (checklist 15).
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'booking' });
  return { title: t('thankYou.metaTitle'), robots: { index: false, follow: false } };
}

/**
 * /{locale}/booking/thank-you — what was booked, from the server-side session only; query
 * parameters (a partner's `ref`, or anything forged) are not read at all.
 */
export default async function ThankYouPage({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const session = await readPageSession();
  const done = session?.stage === 'finalized' ? await readDone(session.sid) : null;
  const summary: ThankYouSummary | null = done
    ? {
        reservationCode: done.reservationCode,
        houseName: done.houseName,
        unitNumber: done.unit?.number ?? null,
        startDate: done.startDate,
        endDate: done.endDate,
        party: done.party,
        price: done.price,
        terms: done.terms,
        paymentType: done.paymentType,
        status: done.status,
      }
    : null;
  return (
    <>
      <ThankYouView summary={summary} locale={locale} />
      <CloseBookingSession houseId={done?.houseId ?? null} />
    </>
  );
}
