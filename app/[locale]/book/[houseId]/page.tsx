import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, redirect } from 'next/navigation';
import { getParty, parseCriteria } from '@/lib/booking/deep-link';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import {
  bookingPath,
  housePath,
  parseId,
  parseSelection,
  parseStep,
  stepIndex,
} from '@/lib/booking/selection';
import { loadBookingPage } from '@/lib/pages/book';
import { assertActiveHouse } from '@/lib/partner-api';
import { loadNamedPageData, unknownAddress } from '@/lib/pages/failure';
import BookingNotFound from './not-found';
import { BookingBusy, BookingNeedsDates } from '@/components/booking/booking-states';
import { BookingView } from '@/components/booking/booking-view';
import { selectionText } from '@/components/booking/flow/address-selection';

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
  const houseId = parseId(rawId);
  if (!isLocale(rawLocale)) notFound();
  if (houseId === null) return unknownAddress(<BookingNotFound />);
  const locale: Locale = rawLocale;
  setRequestLocale(locale);
  const sp = await searchParams;
  const { criteria, issues } = parseCriteria(sp);
  const step = parseStep(sp.step);
  const party = getParty(criteria);
  if (!criteria.startDate || !criteria.endDate) {
    // No stay to read, but a house the partner does not list is still not found: its list of
    // active houses (cached, one call an hour) says so without a call of its own.
    const known = await loadNamedPageData(() => assertActiveHouse(houseId));
    if (!known.ok && 'unknown' in known) return unknownAddress(<BookingNotFound />);
    return <BookingNeedsDates houseHref={housePath(locale, houseId, { party })} issues={issues} />;
  }
  const stayCriteria = { startDate: criteria.startDate, endDate: criteria.endDate, party };
  const asked = parseSelection(sp);

  const loaded = await loadNamedPageData(() =>
    loadBookingPage({ houseId, ...stayCriteria, step, selection: asked, locale }),
  );
  if (!loaded.ok && 'unknown' in loaded) return unknownAddress(<BookingNotFound />);
  if (!loaded.ok) {
    return (
      <BookingBusy
        retryAfterSeconds={loaded.busy.retryAfterSeconds}
        cause={loaded.busy.cause}
        retryHref={bookingPath(locale, houseId, stayCriteria, asked, step)}
      />
    );
  }
  const page = loaded.data;

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
        rentPrice: house.selectedPeriod
          ? { pricedFor: house.selectedPeriod.pricedFor, voucherAmount: house.selectedPeriod.voucherAmount }
          : undefined,
        stayCosts: page.stayCosts,
        maxPersons: house.persons,
        maxPets: house.maxPets,
        preferences: house.preferences,
        units: page.stay.units,
        services: page.stay.services,
        parkConditions: house.descriptions.parkConditions,
      }}
      step={step}
      selection={page.selection}
      renderedFor={selectionText(asked)}
      issues={issues}
      selectionReset={sp.changed === '1' && step === 'preferences'}
      unitNotFree={page.unitNotFree}
      notAvailable={page.rent === null}
      stale={page.stay.stale}
      overview={page.overview}
      quote={page.quote}
      thankYouHref={`/${locale}/booking/thank-you`}
    />
  );
}
