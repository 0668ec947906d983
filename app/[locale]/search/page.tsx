import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getToday } from '@/lib/booking/dates';
import { SEARCH_FILTER_PARAMS, serializeCriteria } from '@/lib/booking/deep-link';
import { hasSearchFilters } from '@/lib/booking/search-filter-params';
import { countUnknown, explainNoMatch, getFilterChoices } from '@/lib/booking/search-filters';
import { loadSearchPage, loadSearchPreview } from '@/lib/pages/search';
import { describeSearch } from '@/lib/seo/search-preview';
import { buildPageMetadata } from '@/lib/seo/social';
import { toLocale } from '@/components/ui/locale';
import { SearchForm } from '@/components/search/search-form';
import { searchFormStart } from '@/components/search/search-form-schema';
import { RefineForm } from '@/components/search/refine-form';
import { CriteriaNotes } from '@/components/search/criteria-notes';
import { AssumptionNote } from '@/components/search/assumption-note';
import { ResultItems, resultItemId } from '@/components/search/result-list';
import { whenAnalyticsOn } from '@/lib/analytics/config';
import { viewItemList } from '@/lib/analytics/events';
import { listedHouses } from '@/lib/analytics/house-facts';
import { AnalyticsPush } from '@/lib/analytics/react';
import { ResultPages } from '@/components/search/show-more';
import { searchHrefWithout, searchPageHref, toBaseQuery, toQuery } from '@/components/search/page-query';
import { FilterNotes } from '@/components/search/filter-notes';
import { loadResultsPage } from './show-more-action';
import { NoResultsPanel } from '@/components/search/no-results-panel';
import { ResultsHeading } from '@/components/search/results-heading';
import {
  DEFAULT_SORT,
  RESULTS_HEADING_ID,
  filterHouses,
  getResultWindow,
  listHouses,
  parsePage,
  choicesFromAddress,
} from '@/components/search/result-options';
import { PartnerBusyNotice } from '@/components/ui/partner-busy-notice';
import { Notice, StaleNotice } from '@/components/ui/notice';
import { NavigationPendingProvider, PendingRegion } from '@/components/ui/navigation-pending';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';
import { cx } from '@/components/ui/cx';
import { Section, panel } from '@/components/ui/section';
import { pageMetadataBase } from '@/lib/seo/page-base';

export async function generateMetadata({
  params,
  searchParams,
}: PageProps<'/[locale]/search'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'searchPage' });
  const parksT = await getTranslations({ locale, namespace: 'parks' });
  const partyT = await getTranslations({ locale, namespace: 'party.summary' });
  const raw = await searchParams;
  // The page's own reads, shared through the partner cache: the preview costs no extra call.
  const preview = await loadSearchPreview(raw, locale, getToday());
  const { criteria, explicit } = preview;
  const query = serializeCriteria(criteria).toString();
  const park = preview.parks.find((entry) => entry.id === criteria.park);
  const parkName = park ? park.name || parksT('unnamed', { id: park.id }) : undefined;
  // The houses in the order the page lists them, so the picture is the first result's.
  const shown = preview.results
    ? listHouses(preview.results.houses, choicesFromAddress(raw, criteria, preview.filters))
    : undefined;
  const first = shown?.find((house) => house.picture);
  const { title, description } = describeSearch(
    {
      locale: toLocale(locale),
      criteria,
      explicit,
      parkName,
      typeName: preview.houseTypes.find((type) => type.id === criteria.type)?.name,
      shownCount: shown?.length,
    },
    {
      title: t('title'),
      parkTitle: (name) => parksT('meta.searchTitle', { park: name }),
      description: t('description'),
      count: (count) => t('count', { count }),
      adults: (count) => partyT('adults', { count }),
      children: (count) => partyT('children', { count }),
      pets: (count) => partyT('pets', { count }),
    },
  );
  return buildPageMetadata({
    ...(await pageMetadataBase(locale, query ? `/search?${query}` : '/search')),
    title,
    description,
    ...(first?.picture ? { image: { url: first.picture, alt: first.name } } : {}),
  });
}

export default async function SearchPage({ params, searchParams }: PageProps<'/[locale]/search'>) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('searchPage');
  const raw = await searchParams;
  const today = getToday();
  const {
    criteria,
    issues,
    explicit,
    houseTypes,
    parks,
    answer,
    typesUnsearchable,
    parksUnidentified,
    filters,
    filterIssues,
  } = await loadSearchPage(raw, locale, today);
  const choices = choicesFromAddress(raw, criteria, filters);
  const { sort, petsAllowed, party } = choices;
  const requestedPage = parsePage(raw.page);
  const query = toQuery(raw);
  const retryHref = `/${locale}/search${query ? `?${query}` : ''}`;
  const found = answer.ok && answer.data.kind === 'found' ? answer.data : null;
  const results = found?.results ?? null;
  // The filters on the houses found work on the pets filter's list: their counts are what applying shows.
  const withPets = results ? filterHouses(results.houses, { petsAllowed }) : [];
  const shown = results ? listHouses(results.houses, choices) : [];
  // The first pages only: each further page is one "Show more" away (the page a guest lands on
  // stays light; every house is still one link away for a guest without JavaScript and a crawler).
  const resultWindow = getResultWindow(shown.length, requestedPage);
  const listed = shown.slice(0, resultWindow.shown);
  const path = `/${locale}/search`;
  const baseQuery = toBaseQuery(raw);
  const nextHref =
    resultWindow.page < resultWindow.pageCount
      ? searchPageHref(path, baseQuery, resultWindow.page + 1, resultItemId(resultWindow.shown + 1))
      : null;

  // A house names its type by the partner's id, never by one the site derived from a name.
  const typeNames = new Map(
    houseTypes.flatMap((type) => (type.byName ? [] : [[type.id, type.name] as const])),
  );
  const parkNames = new Map(parks.map((park) => [park.id, park.name]));
  const extras = {
    type: criteria.type,
    park: criteria.park,
    sort: sort === DEFAULT_SORT ? undefined : sort,
    petsAllowed,
    filters,
  };
  const filteredOut =
    results && shown.length === 0 && withPets.length > 0 && hasSearchFilters(filters)
      ? {
          blocks: explainNoMatch(withPets, filters, party).map((block) => ({
            ...block,
            href: searchHrefWithout(baseQuery, [block.param]),
          })),
          clearAllHref: searchHrefWithout(baseQuery, SEARCH_FILTER_PARAMS),
        }
      : undefined;

  return (
    <ClientMessagesProvider scope="search" locale={locale}>
      <NavigationPendingProvider>
        <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
          <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('heading')}</h1>
          <Section
            id="search-form-heading"
            heading={t('formHeading')}
            headingClassName="sr-only"
            className={cx(panel.brand, 'p-4')}
          >
            <SearchForm
              key={query}
              headingId="search-form-heading"
              today={today}
              {...searchFormStart({ criteria, explicit })}
              extras={extras}
            />
          </Section>

          <CriteriaNotes issues={issues} filterIssues={filterIssues} />

          <PendingRegion>
            {!answer.ok ? (
              <PartnerBusyNotice retryHref={retryHref} busy={answer.busy} />
            ) : answer.data.kind === 'rejected' ? (
              <Notice tone="error" title={t('rejectedTitle')}>
                <p>{t('rejectedBody')}</p>
              </Notice>
            ) : results ? (
              <section aria-labelledby={RESULTS_HEADING_ID} className="space-y-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <ResultsHeading key={query}>{t('count', { count: shown.length })}</ResultsHeading>
                </div>
                <StaleNotice stale={found?.stale} text={t('stale')} />
                <AssumptionNote
                  assumedDates={!explicit.dates}
                  assumedParty={!explicit.party}
                  party={party}
                  prices={results.houses.flatMap((house) => (house.price ? [house.price] : []))}
                />
                <RefineForm
                  key={query}
                  locale={locale}
                  criteria={criteria}
                  explicitDates={explicit.dates}
                  sort={sort}
                  petsAllowed={petsAllowed}
                  houseTypes={houseTypes}
                  parks={parks}
                  typesUnsearchable={typesUnsearchable}
                  parksUnidentified={parksUnidentified}
                  filters={filters}
                  filterChoices={getFilterChoices(withPets, filters, party)}
                />
                <FilterNotes unknown={countUnknown(withPets, filters, party)} />
                {shown.length > 0 ? (
                  <>
                    {/* React moves these into the head: the pages before and after this one. */}
                    {resultWindow.page > 1 ? (
                      <link rel="prev" href={searchPageHref(path, baseQuery, resultWindow.page - 1)} />
                    ) : null}
                    {nextHref !== null ? (
                      <link rel="next" href={searchPageHref(path, baseQuery, resultWindow.page + 1)} />
                    ) : null}
                    {/* A new search, sort or filter is a new list: nothing of the last one's pages stays. */}
                    <ResultPages
                      key={query}
                      loadPage={loadResultsPage.bind(null, locale, baseQuery)}
                      page={resultWindow.page}
                      pageCount={resultWindow.pageCount}
                      nextHref={nextHref}
                      status={t('shownOf', { shown: resultWindow.shown, total: resultWindow.total })}
                      label={t('showMore')}
                    >
                      <ResultItems
                        houses={listed}
                        firstIndex={0}
                        criteria={criteria}
                        typeNames={typeNames}
                        parkNames={parkNames}
                      />
                    </ResultPages>
                    <AnalyticsPush
                      event={whenAnalyticsOn(() => viewItemList(listedHouses(listed, typeNames, parkNames)))}
                    />
                  </>
                ) : (
                  <NoResultsPanel
                    criteria={criteria}
                    diagnosis={found?.diagnosis ?? null}
                    filteredOutByPets={results.count > 0 && petsAllowed && withPets.length === 0}
                    filteredOut={filteredOut}
                  />
                )}
              </section>
            ) : null}
          </PendingRegion>
        </div>
      </NavigationPendingProvider>
    </ClientMessagesProvider>
  );
}
