/**
 * The title and description of a shared search link, from what the link asks for: the park and
 * house type it filters on, the stay and party it chose, and how many houses the page shows.
 * Only what the link chose is named; assumed dates or a default party would describe a search
 * the sender never made.
 */
import type { SearchCriteria } from '@/lib/booking/deep-link';
import { formatDateRange } from '@/lib/booking/date-format';
import { CHILD_GROUPS } from '@/lib/booking/party';
import type { Locale } from '@/lib/i18n/locales';
import { joinParts } from './social';

/** The page's words, already in its language. */
export interface SearchPreviewWords {
  title: string;
  parkTitle: (park: string) => string;
  description: string;
  count: (count: number) => string;
  adults: (count: number) => string;
  children: (count: number) => string;
  pets: (count: number) => string;
}

export interface SearchPreviewFacts {
  locale: Locale;
  criteria: SearchCriteria;
  explicit: { dates: boolean; party: boolean };
  parkName?: string | undefined;
  typeName?: string | undefined;
  /** The number of houses the page shows; undefined when the search could not be read. */
  shownCount?: number | undefined;
}

export function describeSearch(facts: SearchPreviewFacts, words: SearchPreviewWords): { title: string; description: string } {
  const { criteria, explicit } = facts;
  const title = joinParts([facts.parkName ? words.parkTitle(facts.parkName) : words.title, facts.typeName]);
  const stay =
    explicit.dates && criteria.startDate !== undefined && criteria.endDate !== undefined
      ? formatDateRange(criteria.startDate, criteria.endDate, facts.locale)
      : undefined;
  const children = CHILD_GROUPS.reduce((sum, group) => sum + criteria[group], 0);
  const party = explicit.party
    ? joinParts(
        [
          words.adults(criteria.adults),
          children > 0 && words.children(children),
          criteria.pets > 0 && words.pets(criteria.pets),
        ],
        ', ',
      )
    : undefined;
  const summary = joinParts([facts.shownCount !== undefined ? words.count(facts.shownCount) : undefined, stay, party]);
  return { title, description: joinParts([summary && `${summary}.`, words.description], ' ') };
}
