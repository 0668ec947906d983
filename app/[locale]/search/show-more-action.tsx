'use server';

import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { whenAnalyticsOn } from '@/lib/analytics/config';
import { viewItemList } from '@/lib/analytics/events';
import { listedHouses } from '@/lib/analytics/house-facts';
import { AnalyticsPush } from '@/lib/analytics/react';
import { getToday } from '@/lib/booking/dates';
import { routing } from '@/lib/i18n/routing';
import { loadSearchPreview } from '@/lib/pages/search';
import { fromQuery, searchPageHref } from '@/components/search/page-query';
import { ResultItems, resultItemId } from '@/components/search/result-list';
import {
  getPageHouses,
  getResultWindow,
  listHouses,
  parsePage,
  choicesFromAddress,
} from '@/components/search/result-options';
import type { MoreResults } from '@/components/search/show-more';

/** Longer than any address the search form or a partner link builds; anything longer is not ours. */
const MAX_QUERY_LENGTH = 2048;

/**
 * "Show more" on the search page: page `page` of the same search, from the same cached partner
 * answer the page was rendered from (no partner call of its own while that answer is fresh).
 * Every argument comes from the browser, so each is checked as an address parameter would be;
 * null when there is nothing to show (the partner cannot be read now, or the page is past the
 * end), and the browser then follows the plain link instead.
 */
export async function loadResultsPage(
  locale: string,
  baseQuery: string,
  page: number,
): Promise<MoreResults | null> {
  if (
    !hasLocale(routing.locales, locale) ||
    typeof baseQuery !== 'string' ||
    baseQuery.length > MAX_QUERY_LENGTH
  ) {
    return null;
  }
  const requested = parsePage(typeof page === 'number' && Number.isInteger(page) ? String(page) : undefined);
  setRequestLocale(locale);
  const raw = fromQuery(baseQuery);
  const preview = await loadSearchPreview(raw, locale, getToday());
  if (!preview.results) return null;
  // The same filters as the page the guest is on: its address (the base query) carries them.
  const shown = listHouses(preview.results.houses, choicesFromAddress(raw, preview.criteria, preview.filters));
  const resultWindow = getResultWindow(shown.length, requested);
  if (resultWindow.page !== requested) return null;

  const t = await getTranslations({ locale, namespace: 'searchPage' });
  // A house names its type by the partner's id, never by one the site derived from a name.
  const typeNames = new Map(
    preview.houseTypes.flatMap((type) => (type.byName ? [] : [[type.id, type.name] as const])),
  );
  const parkNames = new Map(preview.parks.map((park) => [park.id, park.name]));
  const houses = getPageHouses(shown, resultWindow);
  const path = `/${locale}/search`;
  return {
    items: (
      <ResultItems
        houses={houses}
        firstIndex={resultWindow.firstOfPage}
        criteria={preview.criteria}
        typeNames={typeNames}
        parkNames={parkNames}
      />
    ),
    extra: (
      <AnalyticsPush
        event={whenAnalyticsOn(() => viewItemList(listedHouses(houses, typeNames, parkNames)))}
      />
    ),
    page: resultWindow.page,
    pageCount: resultWindow.pageCount,
    href: searchPageHref(path, baseQuery, resultWindow.page),
    nextHref:
      resultWindow.page < resultWindow.pageCount
        ? searchPageHref(path, baseQuery, resultWindow.page + 1, resultItemId(resultWindow.shown + 1))
        : null,
    status: t('shownOf', { shown: resultWindow.shown, total: resultWindow.total }),
  };
}
