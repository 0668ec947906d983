import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { getToday, type CalendarDate } from '@/lib/booking/dates';
import { Link } from '@/lib/i18n/navigation';
import { compareQuery, parseComparedIds } from '@/lib/pages/compare-address';
import { loadComparePage } from '@/lib/pages/compare';
import { loadPageData, unknownAddress } from '@/lib/pages/failure';
import { loadHouse } from '@/lib/pages/house';
import { readRequestedStay, stayQuery } from '@/lib/pages/house-stay';
import { buildPageMetadata, joinParts } from '@/lib/seo/social';
import { CompareNotes } from '@/components/compare/compare-notes';
import { CompareStay } from '@/components/compare/compare-stay';
import { CompareTable } from '@/components/compare/compare-table';
import { CriteriaNotes } from '@/components/search/criteria-notes';
import { StaleNotice } from '@/components/ui/notice';
import { PartnerBusyPage } from '@/components/ui/partner-busy-notice';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { buttonSecondary } from '@/components/ui/styles';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';
import { pageMetadataBase } from '@/lib/seo/page-base';

type Params = PageProps<'/[locale]/compare'>;
type RawParams = Awaited<Params['searchParams']>;

/** The houses, stay and party the address asks for, and the canonical address (without the locale). */
function readAddress(raw: RawParams, today: CalendarDate) {
  const parsed = parseComparedIds(raw.houses);
  const requested = readRequestedStay(raw, today);
  // An arrival without a departure (the house page's half-chosen stay) prices nothing here.
  const stay = requested.stay.endDate !== undefined ? requested.stay : {};
  const path = `/compare?${compareQuery(parsed.ids, stayQuery(stay, requested.party))}`;
  return { parsed, requested: { ...requested, stay }, path };
}

/**
 * Shareable, but not for search engines: every combination of houses, dates and party is an
 * address of its own, with nothing a house page does not say. Canonical to itself; links followed.
 */
export async function generateMetadata({ params, searchParams }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'compare' });
  const { parsed, requested, path } = readAddress(await searchParams, getToday());
  // The page's own reads (one request shares them): the names cost no extra call.
  const settled = await Promise.allSettled(
    parsed.ids.map((id) => loadHouse(id, requested.stay, requested.party, locale)),
  );
  const names = settled.flatMap((result) =>
    result.status === 'fulfilled' && result.value.data.name ? [result.value.data.name] : [],
  );
  return {
    ...buildPageMetadata({
      ...(await pageMetadataBase(locale, path)),
      title: names.length > 0 ? t('metaTitleNamed', { names: joinParts(names, ', ') }) : t('heading'),
      description: t('metaDescription'),
    }),
    robots: { index: false, follow: true },
  };
}

function Frame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{heading}</h1>
      {children}
    </div>
  );
}

function NothingToCompare({
  message,
  labels,
}: {
  message: string;
  labels: { favourites: string; search: string };
}) {
  return (
    <div className="space-y-3">
      <p className="text-slate-800">{message}</p>
      <div className="flex flex-wrap gap-3">
        <Link href="/favourites" prefetch={false} className={buttonSecondary}>
          {labels.favourites}
        </Link>
        <Link href="/search" prefetch={false} className={buttonSecondary}>
          {labels.search}
        </Link>
      </div>
    </div>
  );
}

/** /{locale}/compare?houses=ID,ID[,ID,ID]&startDate&endDate&adults…: up to four houses side by side. */
export default async function ComparePage({ params, searchParams }: Params) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('compare');
  const today = getToday();
  const { parsed, requested, path } = readAddress(await searchParams, today);
  const { stay, party } = requested;
  const retryHref = `/${locale}${path}`;
  const nothingLabels = { favourites: t('links.favourites'), search: t('links.search') };
  const notesFor = (slots: Parameters<typeof CompareNotes>[0]['slots']) => (
    <>
      <CriteriaNotes issues={requested.issues} />
      <CompareNotes parsed={parsed} slots={slots} retryHref={path} />
    </>
  );

  if (parsed.ids.length === 0) {
    // An address naming only things that are no houses names nothing: answered 404, and explained.
    const view = (
      <Frame heading={t('heading')}>
        {notesFor([])}
        <NothingToCompare message={t('empty')} labels={nothingLabels} />
      </Frame>
    );
    return parsed.malformed.length > 0 ? unknownAddress(view) : view;
  }

  const loaded = await loadPageData(() => loadComparePage(parsed.ids, requested, locale));
  if (!loaded.ok) return <PartnerBusyPage retryHref={retryHref} busy={loaded.busy} />;

  const { slots, houses, comparison, stale } = loaded.data;
  if (houses.length === 0) {
    const view = (
      <Frame heading={t('heading')}>
        {notesFor(slots)}
        <NothingToCompare message={t('noneFound')} labels={nothingLabels} />
      </Frame>
    );
    return slots.every((slot) => slot.kind === 'unknown') ? unknownAddress(view) : view;
  }

  return (
    <ClientMessagesProvider scope="compare" locale={locale}>
      <div className="mx-auto max-w-6xl space-y-5 px-4 py-6">
        <Breadcrumbs
          label={t('breadcrumb')}
          links={[
            { href: '/', label: t('links.home') },
            { href: '/favourites', label: t('links.favourites') },
          ]}
          current={t('heading')}
          prefetch={false}
        />
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('heading')}</h1>
        {notesFor(slots)}
        <StaleNotice stale={stale} text={t('stale')} />
        <CompareStay stay={stay} party={party} ids={parsed.ids} action={`/${locale}/compare`} today={today} />
        <p className="text-sm text-slate-700">{t('legend')}</p>
        {houses.length > 1 ? <p className="text-sm text-slate-700 sm:hidden">{t('scrollHint')}</p> : null}
        <CompareTable houses={houses} comparison={comparison} stay={stay} party={party} />
      </div>
    </ClientMessagesProvider>
  );
}
