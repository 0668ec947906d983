import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, redirect } from 'next/navigation';
import { parseCriteria } from '@/lib/booking/deep-link';
import { isLocale, type Locale } from '@/lib/booking/money';
import { loadBookingPage } from '@/lib/booking-server/page-data';
import { asPartnerError } from '@/lib/booking-server/partner-errors';
import { readPageSession } from '@/lib/booking-server/page-session';
import { BookingBusy, BookingNeedsDates } from '@/components/booking/booking-states';
import { BookingView } from '@/components/booking/booking-view';
import {
  bookingPath,
  housePath,
  parseSelection,
  parseStep,
  stepIndex,
} from '@/components/booking/flow/selection-params';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string; houseId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'booking' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** /{locale}/book/{houseId}?startDate&endDate&adults…&step&unit&prefs&svc&cf — the booking flow. */
export default async function BookPage({ params, searchParams }: Props) {
  const { locale: rawLocale, houseId: rawId } = await params;
  if (!isLocale(rawLocale) || !/^[1-9]\d{0,9}$/.test(rawId)) notFound();
  const locale: Locale = rawLocale;
  setRequestLocale(locale);
  const houseId = Number(rawId);
  const sp = await searchParams;
  const { criteria, issues } = parseCriteria(sp);
  const step = parseStep(sp.step);
  const party = {
    adults: criteria.adults,
    child0002: criteria.child0002,
    child0304: criteria.child0304,
    child0512: criteria.child0512,
    child1317: criteria.child1317,
    pets: criteria.pets,
  };
  if (!criteria.startDate || !criteria.endDate) {
    return <BookingNeedsDates houseHref={housePath(locale, houseId, { party })} issues={issues} />;
  }
  const stayCriteria = { startDate: criteria.startDate, endDate: criteria.endDate, party };
  const session = await readPageSession();

  let page;
  try {
    page = await loadBookingPage({
      houseId,
      ...stayCriteria,
      step,
      selection: parseSelection(sp),
      locale,
      session,
    });
  } catch (caught) {
    const err = asPartnerError(caught);
    if (err?.code === 'not_found') notFound();
    if (err && (err.status === 503 || err.code === 'timeout')) {
      return (
        <BookingBusy
          retryAfterSeconds={err.retryAfterSeconds}
          retryHref={bookingPath(locale, houseId, stayCriteria, parseSelection(sp), step)}
        />
      );
    }
    throw caught;
  }

  // Steps run in order: a later step with a selection that no longer works goes back to step 1.
  if (stepIndex(step) > 0 && page.errors.length > 0) {
    redirect(`${bookingPath(locale, houseId, stayCriteria, page.selection, 'preferences')}&changed=1`);
  }

  const { house } = page.stay;
  return (
    <BookingView
      data={{
        locale,
        houseId,
        houseName: house.name,
        criteria: stayCriteria,
        nights: page.nights,
        persons: page.persons,
        rent: page.rent,
        maxPersons: house.persons,
        maxPets: house.maxPets,
        preferences: house.preferences,
        units: page.stay.units,
        services: page.stay.services,
        parkConditions: house.descriptions.parkConditions,
      }}
      step={step}
      selection={page.selection}
      issues={issues}
      selectionReset={sp.changed === '1' && step === 'preferences'}
      notAvailable={page.rent === null}
      stale={page.stay.stale}
      overview={page.overview}
      quote={page.quote}
      thankYouHref={`/${locale}/booking/thank-you`}
    />
  );
}
