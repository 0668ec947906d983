import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getToday } from '@/lib/booking/dates';
import type { HouseType, Park, ParkHouse } from '@/lib/booking/types';
import { getSiteEnv } from '@/lib/env';
import { getActiveHouses, getHouseTypeFilter, getParks } from '@/lib/partner-api';
import { LinkBuilder } from '@/components/partners/link-builder';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';

export async function generateMetadata({ params }: PageProps<'/[locale]/partners/links'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'partners.links' });
  // A tool for partners, not a page for guests to find through a search engine.
  return {
    title: t('metaTitle'),
    description: t('metaDescription'),
    robots: { index: false, follow: false },
  };
}

/**
 * The partners' link builder. The lists it offers (houses, parks, house types) are the cached
 * reference reads every guest page shares; without them the builder still works with numbers.
 */
export default async function PartnerLinksPage({ params }: PageProps<'/[locale]/partners/links'>) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('partners.links');
  const [houseTypes, parks, houses] = await Promise.all([
    // Only types the partner's search can be narrowed by: a link with another would find nothing.
    getHouseTypeFilter(locale).then(
      (filter) => filter.types,
      () => [] as HouseType[],
    ),
    getParks(locale).catch(() => [] as Park[]),
    // Named in the page's language: a partner picks a house by the name its own guests read.
    getActiveHouses(locale).catch(() => [] as ParkHouse[]),
  ]);
  return (
    <ClientMessagesProvider scope="partnerLinks" locale={locale}>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('heading')}</h1>
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        <LinkBuilder
          siteOrigin={new URL(getSiteEnv().SITE_URL).origin}
          today={getToday()}
          houseTypes={houseTypes.map(({ id, name }) => ({ id, name }))}
          parks={parks.map(({ id, name }) => ({ id, name }))}
          houses={houses.map(({ id, name }) => ({ id, name }))}
        />
      </div>
    </ClientMessagesProvider>
  );
}
