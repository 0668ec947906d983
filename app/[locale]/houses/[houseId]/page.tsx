import { StayConditionsLink } from '@/components/legal/stay-conditions-link';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getToday } from '@/lib/booking/dates';
import { parseId } from '@/lib/booking/selection';
import { getPathname } from '@/lib/i18n/navigation';
import { getSiteEnv } from '@/lib/env';
import { isUnknown, loadNamedPageData, unknownAddress } from '@/lib/pages/failure';
import { notFoundMetadata } from '@/lib/seo/not-found-metadata';
import HouseNotFound from './not-found';
import { loadHouse, loadHousePage } from '@/lib/pages/house';
import { buildPageMetadata } from '@/lib/seo/social';
import { readRequestedStay, bookingHref, getInitialMonth, stayQuery } from '@/lib/pages/house-stay';
import { Gallery } from '@/components/house/gallery';
import { HouseFacts } from '@/components/house/house-facts';
import { HouseDescriptions } from '@/components/house/house-descriptions';
import { FeatureList } from '@/components/house/feature-list';
import { ServiceList } from '@/components/house/service-list';
import { ParkInfo } from '@/components/house/park-info';
import { BookingPanel } from '@/components/house/booking-panel';
import { ChosenDates, SuggestionText } from '@/components/house/booking-panel-texts';
import { ArrivalDayNotice } from '@/components/house/arrival-day-notice';
import { adviseArrivalDay } from '@/lib/booking/arrival-days';
import { StayPrice } from '@/components/ui/stay-price';
import { getMonthLabels } from '@/lib/booking/month-labels';
import { clampMonth } from '@/lib/booking/calendar';
import { toLocale } from '@/components/ui/locale';
import { whenAnalyticsOn } from '@/lib/analytics/config';
import { viewItem } from '@/lib/analytics/events';
import { stayPrice } from '@/lib/analytics/house-facts';
import { AnalyticsPush } from '@/lib/analytics/react';
import { buildHouseStructuredData } from '@/components/house/structured-data';
import { scriptJson } from '@/lib/script-json';
import { CriteriaNotes } from '@/components/search/criteria-notes';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { PartnerBusyPage } from '@/components/ui/partner-busy-notice';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Notice } from '@/components/ui/notice';
import { Providers } from '@/components/providers';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';
import { pageMetadataBase } from '@/lib/seo/page-base';

type Params = PageProps<'/[locale]/houses/[houseId]'>;

export async function generateMetadata({ params, searchParams }: Params): Promise<Metadata> {
  const { locale, houseId: rawId } = await params;
  const houseId = parseId(rawId);
  const t = await getTranslations({ locale, namespace: 'house' });
  const meta = await getTranslations({ locale, namespace: 'meta' });
  const missing = await getTranslations({ locale, namespace: 'notFound.house' });
  if (houseId === null) return notFoundMetadata(missing('title'));
  const { stay, party } = readRequestedStay(await searchParams, getToday());
  const path = `/houses/${houseId}`;
  const common = await pageMetadataBase(locale, path);
  try {
    const { data: house } = await loadHouse(houseId, stay, party, locale);
    const picture = house.pictures[0];
    return buildPageMetadata({
      ...common,
      title: house.name,
      description: house.descriptions.interior || house.descriptions.location || t('metaFallback'),
      ...(picture ? { image: { url: picture.url, width: 800, height: 533, alt: house.name } } : {}),
    });
  } catch (err) {
    if (isUnknown(err)) return notFoundMetadata(missing('title'));
    return buildPageMetadata({ ...common, title: t('metaFallback'), description: meta('siteDescription') });
  }
}

export default async function HousePage({ params, searchParams }: Params) {
  const { locale, houseId: rawId } = await params;
  setRequestLocale(locale);
  const houseId = parseId(rawId);
  if (houseId === null) return unknownAddress(<HouseNotFound />);
  const today = getToday();
  const requested = readRequestedStay(await searchParams, today);
  const t = await getTranslations('house');

  // The address names the house: a partner that does not know it gives the not-found page.
  const loaded = await loadNamedPageData(() => loadHousePage(houseId, requested, locale));
  if (!loaded.ok && 'unknown' in loaded) return unknownAddress(<HouseNotFound />);
  if (!loaded.ok) {
    const query = stayQuery(requested.stay, requested.party);
    const retryHref = `/${locale}/houses/${houseId}${query ? `?${query}` : ''}`;
    return <PartnerBusyPage retryHref={retryHref} busy={loaded.busy} />;
  }

  const data = loaded.data;
  const { house, party, initialStay, initialPrice, suggestion, park, typeName } = data;
  const siteUrl = getSiteEnv().SITE_URL.replace(/\/$/, '');
  const pageUrl = `${siteUrl}${getPathname({ locale, href: `/houses/${houseId}` })}`;
  const offerPrice = initialPrice ?? suggestion;
  const structured = buildHouseStructuredData({
    house,
    url: pageUrl,
    park,
    price: offerPrice ?? undefined,
    bookingUrl: offerPrice
      ? `${siteUrl}${getPathname({ locale, href: bookingHref(houseId, offerPrice, party) })}`
      : undefined,
  });
  const searchQuery = stayQuery(initialStay.endDate !== undefined ? initialStay : {}, party);
  const subtitle = [typeName, park?.name].filter(Boolean).join(' · ');
  // An arrival the house does not offer, on a weekday the park takes no arrivals on: say so.
  const arrivalAdvice =
    data.stayNote === 'arrivalUnavailable' && requested.stay.startDate !== undefined
      ? adviseArrivalDay(requested.stay.startDate, house.availableStartDates)
      : null;

  return (
    <ClientMessagesProvider scope="house" locale={locale}>
      <div className="mx-auto max-w-6xl px-4 py-6">
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structured) }} />
        <Breadcrumbs
          label={t('breadcrumb')}
          links={[
            { href: '/', label: t('home') },
            { href: searchQuery ? `/search?${searchQuery}` : '/search', label: t('backToSearch') },
          ]}
          current={house.name}
          prefetch={false}
          truncate
        />
        <div className="mt-1 flex items-start justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{house.name}</h1>
          <FavouriteButton
            id={houseId}
            name={house.name}
            picture={house.pictures[0]?.thumbnail}
            place="page"
          />
        </div>
        {subtitle ? <p className="mt-1 text-slate-700">{subtitle}</p> : null}
        <AnalyticsPush
          event={whenAnalyticsOn(() =>
            viewItem({
              id: houseId,
              name: house.name,
              typeName,
              parkName: park?.name,
              price: stayPrice(offerPrice),
            }),
          )}
        />

        <div className="mt-4 space-y-3 empty:hidden">
          <CriteriaNotes issues={data.issues} />
          {arrivalAdvice && requested.stay.startDate ? (
            <ArrivalDayNotice
              houseId={houseId}
              requested={requested.stay.startDate}
              advice={arrivalAdvice}
              party={party}
              locale={toLocale(locale)}
            />
          ) : data.stayNote ? (
            <Notice tone="warning" title={t(`stayNotes.${data.stayNote}.title`)}>
              <p>{t(`stayNotes.${data.stayNote}.body`)}</p>
            </Notice>
          ) : null}
          {data.stale ? (
            <Notice tone="warning">
              <p>{t('stale')}</p>
            </Notice>
          ) : null}
        </div>

        <div className="mt-4">
          <Gallery pictures={house.pictures} houseName={house.name} />
        </div>

        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-labelledby="facts-heading" className="lg:col-start-1 lg:row-start-1">
            <h2 id="facts-heading" className="sr-only">
              {t('factsHeading')}
            </h2>
            <HouseFacts facts={house.facts} />
          </section>
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1" id="book">
            {/* The booking panel is the page's one user of react-query; no other page loads it. */}
            <Providers>
              <BookingPanel
                houseId={houseId}
                today={today}
                house={{ persons: house.persons, maxPets: house.maxPets }}
                initialParty={party}
                initialStay={initialStay}
                initialArrivals={house.availableStartDates}
                initialDepartures={data.initialDepartures}
                initialPrice={initialPrice}
                suggestion={suggestion}
                initialTexts={{
                  calendar: getMonthLabels(
                    clampMonth(getInitialMonth(initialStay, house.availableStartDates, today), today),
                    toLocale(locale),
                  ),
                  dates: initialStay.startDate ? (
                    <ChosenDates startDate={initialStay.startDate} endDate={initialStay.endDate} />
                  ) : undefined,
                  price: initialPrice ? <StayPrice price={initialPrice} size="panel" /> : undefined,
                  suggestion: suggestion ? <SuggestionText price={suggestion} /> : undefined,
                }}
              >
                {/* The conditions themselves are in the descriptions; here the way to the policy before booking. */}
                <StayConditionsLink className="mt-4" />
              </BookingPanel>
            </Providers>
          </div>
          <div className="render-children-when-near space-y-10 lg:col-start-1 lg:row-start-2">
            <HouseDescriptions descriptions={house.descriptions} />
            <FeatureList features={house.features} />
            <ServiceList
              mandatory={house.mandatoryServices}
              optional={house.optionalServices}
              preferences={house.preferences}
              pets={party.pets}
            />
            <ParkInfo park={park} houseTourLink={house.virtualTourLink} />
          </div>
        </div>
      </div>
    </ClientMessagesProvider>
  );
}
