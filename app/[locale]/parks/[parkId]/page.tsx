import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getToday } from '@/lib/booking/dates';
import { serializeCriteria } from '@/lib/booking/deep-link';
import { parseId } from '@/lib/booking/selection';
import { getSiteEnv } from '@/lib/env';
import { getPathname, Link } from '@/lib/i18n/navigation';
import { isUnknown, loadNamedPageData, unknownAddress } from '@/lib/pages/failure';
import { notFoundMetadata } from '@/lib/seo/not-found-metadata';
import ParkNotFoundPage from './not-found';
import { loadParkPage } from '@/lib/pages/park';
import { buildPageMetadata, joinParts } from '@/lib/seo/social';
import { scriptJson } from '@/lib/script-json';
import { ParkFacilities } from '@/components/parks/park-facilities';
import { ParkHouseList } from '@/components/parks/park-house-list';
import { VirtualTourLink } from '@/components/parks/virtual-tour-link';
import { buildParkStructuredData } from '@/components/parks/structured-data';
import { CriteriaNotes } from '@/components/search/criteria-notes';
import { Notice, StaleNotice } from '@/components/ui/notice';
import { PartnerBusyPage } from '@/components/ui/partner-busy-notice';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { toQuery } from '@/components/search/page-query';
import { textLink } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';
import { Section, panel } from '@/components/ui/section';
import { pageMetadataBase } from '@/lib/seo/page-base';

type Params = PageProps<'/[locale]/parks/[parkId]'>;


export async function generateMetadata({ params, searchParams }: Params): Promise<Metadata> {
  const { locale, parkId: rawId } = await params;
  const parkId = parseId(rawId);
  const t = await getTranslations({ locale, namespace: 'parks' });
  if (parkId === null) return notFoundMetadata(t('notFound.title'));
  const meta = await getTranslations({ locale, namespace: 'meta' });
  const common = await pageMetadataBase(locale, `/parks/${parkId}`);
  try {
    const { park, houses } = await loadParkPage(parkId, await searchParams, locale, getToday());
    const name = park.name || t('unnamed', { id: park.id });
    const picture = houses.find((house) => house.summary?.picture)?.summary?.picture;
    const facilities = park.facilities.map((facility) => facility.name).join(', ');
    return buildPageMetadata({
      ...common,
      title: t('meta.title', { name }),
      description: joinParts(
        [
          t('meta.description', { name }),
          facilities ? t('meta.facilities', { list: facilities }) : undefined,
        ],
        ' ',
      ),
      ...(picture ? { image: { url: picture, alt: name } } : {}),
    });
  } catch (err) {
    if (isUnknown(err)) return notFoundMetadata(t('notFound.title'));
    return buildPageMetadata({ ...common, title: t('title'), description: meta('siteDescription') });
  }
}

export default async function ParkPage({ params, searchParams }: Params) {
  const { locale, parkId: rawId } = await params;
  setRequestLocale(locale);
  const parkId = parseId(rawId);
  if (parkId === null) return unknownAddress(<ParkNotFoundPage />);
  const raw = await searchParams;
  const t = await getTranslations('parks');

  // The address names the park: park data that does not describe it gives the not-found page.
  const loaded = await loadNamedPageData(() => loadParkPage(parkId, raw, locale, getToday()));
  if (!loaded.ok && 'unknown' in loaded) return unknownAddress(<ParkNotFoundPage />);
  if (!loaded.ok) {
    const query = toQuery(raw);
    const retryHref = `/${locale}/parks/${parkId}${query ? `?${query}` : ''}`;
    return <PartnerBusyPage retryHref={retryHref} busy={loaded.busy} />;
  }

  const { park, houses, housesKnown, criteria, issues, stale } = loaded.data;
  const name = park.name || t('unnamed', { id: park.id });
  const siteUrl = getSiteEnv().SITE_URL.replace(/\/$/, '');
  const structured = buildParkStructuredData({
    park,
    name,
    url: `${siteUrl}${getPathname({ locale, href: `/parks/${park.id}` })}`,
    houses: houses.map((house) => ({
      name: house.name || t('houseUnnamed', { id: house.id }),
      url: `${siteUrl}${getPathname({ locale, href: `/houses/${house.id}` })}`,
      picture: house.summary?.picture,
    })),
  });
  const searchQuery = serializeCriteria({ ...criteria, park: park.id }).toString();

  return (
    <ClientMessagesProvider scope="park" locale={locale}>
      <div className="mx-auto max-w-6xl px-4 py-6">
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(structured) }} />
        <Breadcrumbs
          label={t('breadcrumb')}
          links={[{ href: '/', label: t('home') }]}
          current={name}
          truncate
        />
        <h1 className="mt-1 text-2xl font-bold text-slate-950 sm:text-3xl">{name}</h1>
        {park.name ? null : <p className="mt-1 text-sm text-slate-700">{t('nameMissing')}</p>}
        {housesKnown ? (
          <p className="mt-1 text-slate-700">{t('houseCount', { count: houses.length })}</p>
        ) : null}

        <div className="mt-4 space-y-3 empty:hidden">
          <CriteriaNotes issues={issues} />
        </div>

        {park.facilities.length > 0 || park.virtualTourLink ? (
          <Section id="park-facilities-heading" heading={t('facilities')} className={cx(panel.plain, 'mt-6 p-5')}>
            <div className="mt-3">
              <ParkFacilities facilities={park.facilities} label={t('facilities')} />
            </div>
            {park.virtualTourLink ? (
              <VirtualTourLink href={park.virtualTourLink} label={t('tour', { name })} newWindow={t('newWindow')} />
            ) : null}
          </Section>
        ) : null}

        <section aria-labelledby="park-houses-heading" className="mt-8 space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="park-houses-heading" className="text-xl font-bold text-slate-950">
              {t('houses', { name })}
            </h2>
            <Link
              href={`/search?${searchQuery}`}
              className={cx(textLink, 'inline-flex min-h-11 items-center')}
            >
              {t('searchPark', { name })}
            </Link>
          </div>
          <StaleNotice stale={stale} text={t('stale')} />
          {!housesKnown ? (
            <Notice tone="warning">
              <p>{t('housesUnavailable')}</p>
            </Notice>
          ) : houses.length === 0 ? (
            <p className="text-slate-800">{t('noHouses')}</p>
          ) : (
            <ParkHouseList houses={houses} criteria={criteria} parkName={name} />
          )}
        </section>

        {park.conditions ? (
          <Section id="park-conditions-heading" heading={t('conditions')} className="mt-10">
            <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-800">{park.conditions}</p>
          </Section>
        ) : null}
      </div>
    </ClientMessagesProvider>
  );
}
